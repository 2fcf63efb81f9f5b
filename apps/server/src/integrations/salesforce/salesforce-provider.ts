import jsforce from 'jsforce';
import type { ProviderSettings } from '../../platform/connections-config.js';
import type { ConnectionSession } from '../core/connection-session.js';
import { SALESFORCE_API_VERSION } from './salesforce-fake.js';
import {
  refreshOrInvalidGrant,
  type OAuthProvider,
  type ProviderTokens,
} from '../core/oauth-provider.js';

export { SALESFORCE_API_VERSION };

export const salesforceOAuth2 = (settings: ProviderSettings, redirectUri?: string) =>
  new jsforce.OAuth2({
    loginUrl: settings.authorizeUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
  });

type RefreshFn = (
  conn: unknown,
  callback: (error: Error | null, accessToken?: string) => void,
) => void;

/**
 * A jsforce connection on saved tokens; on `INVALID_SESSION_ID` it calls `refresh` (ours:
 * jsforce's own would hide `invalid_grant` behind a generic message).
 */
export function salesforceConnection(
  settings: ProviderSettings,
  tokens: ProviderTokens,
  instanceUrl: string,
  refresh?: RefreshFn,
) {
  return new jsforce.Connection({
    oauth2: salesforceOAuth2(settings),
    instanceUrl,
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(refresh ? { refreshFn: refresh } : {}),
    version: SALESFORCE_API_VERSION,
  });
}

/** A jsforce connection on a session; an expired session is refreshed and saved by ours. */
export function sessionConnection(session: ConnectionSession, accessToken: string) {
  return salesforceConnection(
    session.settings,
    { ...session.stored, accessToken },
    session.record.instanceUrl ?? '',
    (_conn, callback) => {
      session
        .renew()
        .then(() => callback(null, session.stored.accessToken))
        .catch((error: unknown) => callback(error as Error));
    },
  );
}

/**
 * Salesforce through jsforce: the web server flow with PKCE, tokens without an expiry (a
 * stale session answers `INVALID_SESSION_ID` and jsforce refreshes), the org's name read
 * from `Organization`, and revoke at `/services/oauth2/revoke`.
 */
export const salesforceProvider: OAuthProvider = {
  usesPkce: true,
  authorizeUrl(settings, request) {
    return salesforceOAuth2(settings, request.redirectUri).getAuthorizationUrl({
      scope: 'api refresh_token',
      state: request.state,
      ...(request.codeChallenge ? { code_challenge: request.codeChallenge } : {}),
    });
  },
  async exchange(settings, grant) {
    const oauth2 = salesforceOAuth2(settings, grant.redirectUri);
    const response = await oauth2.requestToken(
      grant.code,
      grant.codeVerifier ? { code_verifier: grant.codeVerifier } : {},
    );
    const tokens = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      expiresAt: null,
    };
    const connection = salesforceConnection(settings, tokens, response.instance_url);
    const org = await connection.query<{ Name: string }>('SELECT Name FROM Organization');
    return {
      tokens,
      account: org.records[0]?.Name ?? response.instance_url,
      instanceUrl: response.instance_url,
      access: 'read_write',
    };
  },
  refresh(settings, tokens): Promise<ProviderTokens> {
    return refreshOrInvalidGrant(async () => {
      const response = await salesforceOAuth2(settings).refreshToken(tokens.refreshToken ?? '');
      return { ...tokens, accessToken: response.access_token };
    });
  },
  async revoke(settings, tokens) {
    await salesforceOAuth2(settings).revokeToken(tokens.refreshToken ?? tokens.accessToken);
  },
};
