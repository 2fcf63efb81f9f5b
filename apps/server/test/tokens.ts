import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

export const TEST_ISSUER = 'https://tenant.test/';
export const TEST_AUDIENCE = 'organizer';
export const TEST_CLIENT_ID = 'test-client';

export interface TestKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwks: JSONWebKeySet;
}

/** A throw-away RS256 key pair standing in for the identity provider's signing key. */
export async function createTestKeys(): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `test-${randomUUID()}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, jwks: { keys: [jwk] } };
}

export interface SignOptions {
  issuer?: string;
  audience?: string | string[];
  /** Absolute epoch seconds; default now / now + 15 min; null leaves the claim out. */
  iat?: number;
  exp?: number | null;
  nbf?: number;
  kid?: string;
  key?: CryptoKey;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An access token as the provider would issue it; claims and every check-relevant field overridable. */
export async function signTestToken(
  keys: TestKeys,
  claims: JWTPayload,
  options: SignOptions = {},
): Promise<string> {
  const now = nowSeconds();
  const jwt = new SignJWT({ scope: 'openid profile email', azp: TEST_CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? keys.kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? TEST_ISSUER)
    .setAudience(options.audience ?? TEST_AUDIENCE)
    .setIssuedAt(options.iat ?? now);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now + 900);
  if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
  return jwt.sign(options.key ?? keys.privateKey);
}
