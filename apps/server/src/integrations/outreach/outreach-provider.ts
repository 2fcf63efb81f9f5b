import type { ProviderSettings } from '../../platform/connections-config.js';
import {
  accessOfScopes,
  authorizePageUrl,
  refreshOrInvalidGrant,
  type OAuthProvider,
  type ProviderTokens,
} from '../core/oauth-provider.js';
import { fetchJson, formBody } from '../core/provider-http.js';

export const OUTREACH_SCOPES = [
  'accounts.read',
  'prospects.read',
  'users.read',
  // Plays add prospects to sequences (ADR 0024).
  'prospects.write',
  'sequences.read',
  'sequenceStates.write',
  'mailboxes.read',
];

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  /** The granted scopes, space-separated. */
  scope?: string;
}

/** OAuth errors are `{ error, error_description }`; JSON:API errors are `{ errors: [{ detail }] }`. */
export const outreachMessage = (body: Record<string, unknown>) => {
  const errors = body.errors as { title?: string; detail?: string }[] | undefined;
  const said = errors?.[0]?.detail ?? errors?.[0]?.title ?? body.error_description ?? body.error;
  return typeof said === 'string' ? said : undefined;
};

const root = (settings: ProviderSettings) => settings.apiUrl.replace(/\/$/, '');

/** `GET <api>/api/v2/…` with the bearer token, as JSON:API. */
export const outreachGet = <T>(url: string, accessToken: string) =>
  fetchJson<T>(
    url,
    {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/vnd.api+json',
      },
    },
    outreachMessage,
  );

async function requestToken(
  settings: ProviderSettings,
  grant: Record<string, string | undefined>,
): Promise<{ tokens: ProviderTokens; scopes: string[] }> {
  const response = await fetchJson<TokenResponse>(
    `${root(settings)}/oauth/token`,
    {
      method: 'POST',
      body: formBody({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        ...grant,
      }),
    },
    outreachMessage,
  );
  return {
    tokens: {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? grant.refresh_token ?? null,
      expiresAt: new Date(Date.now() + response.expires_in * 1000).toISOString(),
    },
    scopes: response.scope?.split(' ').filter(Boolean) ?? [],
  };
}

/**
 * Outreach's OAuth over fetch (it has no official Node client): the authorization code flow,
 * access tokens of about two hours refreshed by `ConnectionSession`, the org's name from the
 * API root's `meta`, and revoke at `/oauth/revoke` (docs/architecture.md §6, Connections).
 */
export const outreachProvider: OAuthProvider = {
  usesPkce: false,
  authorizeUrl(settings, request) {
    return authorizePageUrl(settings, request, {
      response_type: 'code',
      scope: OUTREACH_SCOPES.join(' '),
    });
  },
  async exchange(settings, grant) {
    const { tokens, scopes } = await requestToken(settings, {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
    });
    const about = await outreachGet<{ meta?: { org?: { name?: string } } }>(
      `${root(settings)}/api/v2`,
      tokens.accessToken,
    );
    return {
      tokens,
      account: about.meta?.org?.name ?? 'Outreach',
      access: accessOfScopes(scopes),
    };
  },
  refresh(settings, tokens) {
    return refreshOrInvalidGrant(async () => {
      const refreshed = await requestToken(settings, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken ?? '',
      });
      return refreshed.tokens;
    });
  },
  async revoke(settings, tokens) {
    await fetchJson(
      `${root(settings)}/oauth/revoke`,
      {
        method: 'POST',
        body: formBody({
          token: tokens.refreshToken ?? tokens.accessToken,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
        }),
      },
      outreachMessage,
    );
  },
};
