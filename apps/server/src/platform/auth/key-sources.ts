import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * Keys of the embedded provider, read in process (no HTTP round trip to ourselves). The key
 * set is re-imported only when the provider hands out a different one (key rotation).
 */
export function localKeysOf(source: { publicJwks(): JSONWebKeySet }): JWTVerifyGetKey {
  let current: JSONWebKeySet | undefined;
  let getKey: JWTVerifyGetKey | undefined;
  return (header, token) => {
    const jwks = source.publicJwks();
    if (!getKey || jwks !== current) {
      current = jwks;
      getKey = createLocalJWKSet(jwks);
    }
    return getKey(header, token);
  };
}

/** An external tenant's keys, fetched and cached by jose (refetched on an unknown kid). */
export function remoteKeysOf(identityDomain: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(`${identityDomain}/.well-known/jwks.json`));
}
