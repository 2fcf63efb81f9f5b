import { APP_ROUTES } from '@revlane/contracts';
import type { Adapter, Configuration, JWK, KoaContextWithOIDC, RefreshToken } from 'oidc-provider';
import { accessTokenClaims, profileClaims, type AccountStore } from './accounts.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AudienceMapping } from './audience.js';
import { createGrantLoader } from './grants.js';
import { createPostLogoutSuccessSource, createRenderError, logoutSource } from './pages.js';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** How long a browser stays signed in, and how long its refresh tokens live. */
export const SESSION_TTL_SECONDS = 14 * DAY;

export interface ProviderConfigOptions {
  appUrl: string;
  clientId: string;
  /** Path the provider is mounted at, e.g. `/idp`; its cookies stay under it. */
  mountPath: string;
  signingKeys: JWK[];
  cookieKeys: string[];
  adapter: (kind: string) => Adapter;
  accounts: AccountStore;
  audiences: AudienceMapping;
}

/**
 * oidc-provider configured to look like an Auth0 tenant to `@auth0/auth0-spa-js` (docs/architecture.md §4.1):
 * Auth0's routes, `audience` instead of `resource`, profile claims in the id token, refresh
 * tokens without `prompt=consent`, silent checks through `response_mode=web_message`.
 */
export function createProviderConfiguration(options: ProviderConfigOptions): Configuration {
  const { appUrl, clientId, accounts, audiences } = options;
  return {
    adapter: options.adapter,
    jwks: { keys: options.signingKeys },
    clients: [
      {
        client_id: clientId,
        client_name: 'Revlane',
        application_type: 'web',
        // A browser app cannot keep a secret; PKCE protects the code instead.
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The SDK's default redirect_uri is `window.location.origin`; some setups add the slash.
        redirect_uris: [`${appUrl}/`, appUrl],
        post_logout_redirect_uris: [appUrl, `${appUrl}/`],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      end_session: '/v2/logout',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      revocation: '/oauth/revoke',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub'],
      profile: ['name', 'nickname', 'picture', 'updated_at'],
      email: ['email', 'email_verified'],
    },
    // Auth0 puts the profile in the id token, and the SDK reads the user from there.
    conformIdTokenClaims: false,
    // The SDK passes `audience` (Auth0's name for the API) on /authorize.
    extraParams: ['audience'],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      // Not offered: the API does not check DPoP proofs, so bound tokens would be a false promise.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true, allowedPolicy: sameClientOnly },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource,
        postLogoutSuccessSource: createPostLogoutSuccessSource(appUrl),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx, _client, oneOf) =>
          oneOf ?? audiences.resourceFor(ctx.oidc.params?.audience),
        // The SDK sends no resource on the code exchange or the refresh: use the granted one.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => audiences.resourceServerInfo(resource),
      },
    },
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findBySubject(sub);
      if (!account) return undefined;
      return { accountId: account.subject, claims: () => profileClaims(account) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await accounts.findBySubject(token.accountId);
      return account && accessTokenClaims(account, token.clientId ?? clientId);
    },
    loadExistingGrant: createGrantLoader(clientId),
    // The SDK never sends prompt=consent, which OIDC requires before honouring offline_access;
    // like Auth0, give refresh tokens to every client that may use them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => APP_ROUTES.signIn(interaction.uid) },
    cookies: {
      names: {
        session: 'revlane_idp_session',
        interaction: 'revlane_idp_interaction',
        resume: 'revlane_idp_resume',
      },
      keys: options.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: options.mountPath },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      RefreshToken: refreshTokenTtl,
    },
    renderError: createRenderError(appUrl),
  };
}

// A rotated refresh token inherits what is left of its predecessor's lifetime, so rotation
// cannot extend a sign-in forever.
function refreshTokenTtl(ctx: KoaContextWithOIDC, token: RefreshToken): number {
  const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
  if (rotated && !token.isSenderConstrained()) return rotated.remainingTTL;
  return SESSION_TTL_SECONDS;
}

// A public client may revoke only its own tokens (and learns nothing about others').
function sameClientOnly(
  _ctx: KoaContextWithOIDC,
  client: { clientId: string },
  token: { clientId?: string | undefined },
) {
  return token.clientId === client.clientId;
}
