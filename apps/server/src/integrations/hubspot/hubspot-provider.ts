import { Client } from '@hubspot/api-client';
import type { ProviderSettings } from '../../platform/connections-config.js';
import {
  accessOfScopes,
  authorizePageUrl,
  refreshOrInvalidGrant,
  type OAuthProvider,
} from '../core/oauth-provider.js';

export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.companies.read',
  'crm.objects.contacts.read',
  'crm.objects.deals.read',
  'crm.objects.owners.read',
  // Plays create tasks (ADR 0024); HubSpot files tasks under the contacts' write scope.
  'crm.objects.contacts.write',
];

/**
 * The official client at the configured API root. Its own retry decorator waits fixed times
 * whatever Retry-After says, so it is off: `retryAfter429` waits as the provider asks.
 */
export const hubspotClient = (settings: ProviderSettings, accessToken?: string) =>
  new Client({
    basePath: settings.apiUrl.replace(/\/$/, ''),
    numberOfApiCallRetries: 0,
    ...(accessToken ? { accessToken } : {}),
  });

const expiresAt = (expiresInSeconds: number) =>
  new Date(Date.now() + expiresInSeconds * 1000).toISOString();

/** HubSpot answers a dead refresh token with 400 `BAD_REFRESH_TOKEN` (its `invalid_grant`). */
function isRefusedRefresh(error: unknown) {
  const e = error as { code?: unknown; body?: { message?: unknown; category?: unknown } } | null;
  const words = [e?.body?.category, e?.body?.message].filter((w) => typeof w === 'string');
  const text = words.join(' ');
  return e?.code === 400 && /refresh token|BAD_REFRESH_TOKEN|invalid_grant/i.test(text);
}

/**
 * HubSpot through @hubspot/api-client: the authorization code flow (no PKCE), access tokens
 * of 30 minutes refreshed by `ConnectionSession`, the portal's domain as the account, and
 * revoke by deleting the refresh token (docs/architecture.md §6, Connections).
 */
export const hubspotProvider: OAuthProvider = {
  usesPkce: false,
  authorizeUrl(settings, request) {
    // The client's getAuthorizationUrl has app.hubspot.com built in; the page is configuration.
    return authorizePageUrl(settings, request, { scope: HUBSPOT_SCOPES.join(' ') });
  },
  async exchange(settings, grant) {
    const client = hubspotClient(settings);
    const response = await client.oauth.tokensApi.create(
      'authorization_code',
      grant.code,
      grant.redirectUri,
      settings.clientId,
      settings.clientSecret,
    );
    const info = await client.oauth.accessTokensApi.get(response.accessToken);
    return {
      tokens: {
        accessToken: response.accessToken,
        refreshToken: response.refreshToken,
        expiresAt: expiresAt(response.expiresIn),
      },
      account: info.hubDomain ?? `HubSpot portal ${info.hubId}`,
      access: accessOfScopes(info.scopes ?? []),
    };
  },
  refresh(settings, tokens) {
    return refreshOrInvalidGrant(async () => {
      const response = await hubspotClient(settings).oauth.tokensApi.create(
        'refresh_token',
        undefined,
        undefined,
        settings.clientId,
        settings.clientSecret,
        tokens.refreshToken ?? '',
      );
      return {
        accessToken: response.accessToken,
        refreshToken: response.refreshToken || tokens.refreshToken || null,
        expiresAt: expiresAt(response.expiresIn),
      };
    }, isRefusedRefresh);
  },
  async revoke(settings, tokens) {
    if (tokens.refreshToken)
      await hubspotClient(settings).oauth.refreshTokensApi.archive(tokens.refreshToken);
  },
};
