import { errors, type ResourceServer } from 'oidc-provider';

/** Access and id tokens both live one hour (Auth0's defaults for SPAs). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** What an access token for the API grants; Auth0 puts the OIDC scopes there too. */
export const API_SCOPE = 'openid profile email offline_access';

/**
 * Auth0 names an API by a free-form `audience` ("organizer"); oidc-provider only knows RFC 8707
 * resource indicators, which must be absolute URIs. Each audience gets a `urn:` twin that never
 * leaves the provider: tokens still carry `aud: <audience>`.
 */
export function resourceForAudience(audience: string): string {
  return `urn:revlane:audience:${encodeURIComponent(audience)}`;
}

export interface AudienceMapping {
  /** The resource indicator an authorization request's `audience` stands for. */
  resourceFor(audience: unknown): string | undefined;
  resourceServerInfo(resource: string): ResourceServer;
}

export function createAudienceMapping(audience: string): AudienceMapping {
  const resource = resourceForAudience(audience);
  return {
    resourceFor(requested) {
      if (requested === undefined || requested === '') return undefined;
      if (requested === audience) return resource;
      // Auth0 answers an unknown audience with an OAuth error, not with an opaque token.
      throw new errors.InvalidTarget(
        typeof requested === 'string' ? `unknown audience: ${requested}` : 'invalid audience',
      );
    },
    resourceServerInfo(requested) {
      if (requested !== resource) throw new errors.InvalidTarget('unknown resource indicator');
      return {
        audience,
        scope: API_SCOPE,
        accessTokenFormat: 'jwt',
        accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
        jwt: { sign: { alg: 'RS256' } },
      };
    },
  };
}
