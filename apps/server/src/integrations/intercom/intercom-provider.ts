import { IntercomClient } from 'intercom-client';
import type { ProviderSettings } from '../../platform/connections-config.js';
import { authorizePageUrl, type OAuthProvider } from '../core/oauth-provider.js';
import { fetchJson, formBody } from '../core/provider-http.js';

const root = (settings: ProviderSettings) => settings.apiUrl.replace(/\/$/, '');

/** Intercom's errors are `{ type: 'error.list', errors: [{ code, message }] }`. */
const intercomMessage = (body: Record<string, unknown>) => {
  const said = (body.errors as { message?: string }[] | undefined)?.[0]?.message;
  return typeof said === 'string' ? said : undefined;
};

/**
 * The official client at the configured API root. Its own retries back off without reading
 * Retry-After, so they are off: `retryAfter429` waits as Intercom asks.
 */
export const intercomClient = (settings: ProviderSettings, accessToken: string) =>
  new IntercomClient({ token: accessToken, baseUrl: root(settings), maxRetries: 0 });

/**
 * Intercom: the authorization code flow without PKCE; the code is exchanged at
 * `/auth/eagle/token` (the client library has no OAuth calls) for a token that does not
 * expire, and the workspace's name is read through the client (`admins.identify`). Intercom
 * grants permissions per app, so write access is a second authorization
 * (`POST connections/intercom/write-access`) that records `read_write`. Disconnect uninstalls
 * the app from the workspace (`/auth/uninstall`), which revokes the token
 * (docs/architecture.md §6, Connections).
 */
export const intercomProvider: OAuthProvider = {
  usesPkce: false,
  authorizeUrl(settings, request) {
    return authorizePageUrl(settings, request);
  },
  async exchange(settings, grant) {
    const response = await fetchJson<{ token?: string; access_token?: string }>(
      `${root(settings)}/auth/eagle/token`,
      {
        method: 'POST',
        body: formBody({
          code: grant.code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
        }),
      },
      intercomMessage,
    );
    const accessToken = response.access_token ?? response.token ?? '';
    const me = await intercomClient(settings, accessToken).admins.identify();
    return {
      tokens: { accessToken, refreshToken: null, expiresAt: null },
      account: me?.app?.name ?? 'Intercom workspace',
      access: 'read',
    };
  },
  async revoke(settings, tokens) {
    await fetchJson(
      `${root(settings)}/auth/uninstall`,
      { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}` } },
      intercomMessage,
    );
  },
};
