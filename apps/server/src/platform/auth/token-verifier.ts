import {
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { TOKEN_LEEWAY_SECONDS } from '@revlane/contracts';

/** Where verification keys come from: a fixed key set, or a resolver (remote JWKS, the IdP). */
export type KeySource = JSONWebKeySet | JWTVerifyGetKey;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Our SPA's client id: with several audiences the authorized party must be us (docs/product.md §5). */
  clientId: string;
  keys: KeySource;
}

/** Why a token was refused, for the debug log; the client only learns that it was refused. */
export class TokenRejected extends Error {
  override name = 'TokenRejected';
}

export type VerifyAccessToken = (token: string) => Promise<JWTPayload & { sub: string }>;

export function createTokenVerifier(options: TokenVerifierOptions): VerifyAccessToken {
  const getKey =
    typeof options.keys === 'function' ? options.keys : createLocalJWKSet(options.keys);
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: TOKEN_LEEWAY_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (isKeyFetchFailure(error)) throw new KeysUnavailable(describeError(error));
      throw new TokenRejected(describeError(error));
    }
    // jose checks iat only together with maxTokenAge; a token from the future is forged or
    // comes from a badly skewed clock, either way not one we accept.
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now + TOKEN_LEEWAY_SECONDS) {
      throw new TokenRejected('iat is in the future');
    }
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) {
      throw new TokenRejected('azp does not match the client id');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw new TokenRejected('sub is missing');
    return payload as JWTPayload & { sub: string };
  };
}

/**
 * The identity provider's keys could not be fetched (network, time-out): the token may be
 * fine, so this is our outage (503), not a reason to sign the user out (401).
 */
export class KeysUnavailable extends Error {
  override name = 'KeysUnavailable';
}

function isKeyFetchFailure(error: unknown): boolean {
  return error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError);
}

function describeError(error: unknown): string {
  if (error instanceof joseErrors.JOSEError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : 'unknown verification failure';
}
