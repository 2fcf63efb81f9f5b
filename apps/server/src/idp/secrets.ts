import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Database } from '../platform/database/database.js';
import { appSecrets } from '../platform/database/schema/index.js';

const SIGNING_KEYS = 'idp.signing-keys';
const COOKIE_KEYS = 'idp.cookie-keys';

const privateRsaJwk = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
const signingKeysSchema = z.object({ keys: z.array(privateRsaJwk).min(1) });
const cookieKeysSchema = z.array(z.string().min(32)).min(1);

export interface IdpSecrets {
  /** Private signing keys, newest first; the first signs. */
  signingKeys: JWK[];
  /** Keys that sign the provider's cookies (Koa keygrip), newest first. */
  cookieKeys: string[];
}

/**
 * The provider's keys, generated on first start and kept in the metadata database: tokens
 * and cookies issued before a restart (or by another instance) must still verify.
 */
export async function loadIdpSecrets(db: Database): Promise<IdpSecrets> {
  const signing = await loadOrCreate(db, SIGNING_KEYS, async () => ({
    keys: [await generateSigningKey()],
  }));
  const cookieKeys = await loadOrCreate(db, COOKIE_KEYS, () =>
    Promise.resolve([randomBytes(32).toString('base64url')]),
  );
  return {
    signingKeys: signingKeysSchema.parse(signing).keys,
    cookieKeys: cookieKeysSchema.parse(cookieKeys),
  };
}

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  // A content-derived kid: stable across restarts and unique per key.
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/** Public halves of the signing keys, as published at the JWKS endpoint. */
export function toPublicJwks(signingKeys: JWK[]): { keys: JWK[] } {
  return {
    keys: signingKeys.map(({ kty, kid, alg, use, n, e }) => ({ kty, kid, alg, use, n, e })),
  };
}

async function loadOrCreate(db: Database, name: string, create: () => Promise<unknown>) {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  // Two processes starting at once on one database must end up with the same keys.
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  return readSecret(db, name);
}

async function readSecret(db: Database, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value;
}
