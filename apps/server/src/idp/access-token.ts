import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { accessTokenClaims, type AccountStore } from './accounts.js';

export const DEFAULT_SIGNED_TOKEN_SECONDS = 15 * 60;

export interface AccessTokenSignerOptions {
  issuer: string;
  audience: string;
  clientId: string;
  signingKey: JWK;
  accounts: AccountStore;
  scope: string;
}

/**
 * Signs access tokens outside an authorization flow (impersonation links, tests) with the
 * provider's own key and the same claims, so nothing downstream can tell them apart.
 */
export function createAccessTokenSigner(options: AccessTokenSignerOptions) {
  const { signingKey, accounts } = options;
  const keyPromise = importJWK(signingKey, 'RS256');

  return async function signAccessToken(
    userId: string,
    { expiresInSeconds = DEFAULT_SIGNED_TOKEN_SECONDS }: { expiresInSeconds?: number } = {},
  ): Promise<string> {
    const account = await accounts.findByUserId(userId);
    if (!account) throw new Error(`no user with id ${userId}`);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      ...accessTokenClaims(account, options.clientId),
      client_id: options.clientId,
      scope: options.scope,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
      .setIssuer(options.issuer)
      .setSubject(account.subject)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .setJti(randomBytes(16).toString('base64url'))
      .sign(await keyPromise);
  };
}
