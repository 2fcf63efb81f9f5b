import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Database } from '../platform/database/database.js';
import { appSecrets } from '../platform/database/schema/index.js';
import type { SecretBox } from '../platform/secrets/secret-box.js';

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
 * and cookies issued before a restart (or by another instance) must still verify. They are
 * sealed with the secret box (`REVLANE_SECRET_KEY`, docs/architecture.md §3.3): a copy of the
 * database alone cannot sign tokens. Keys stored in plain text by earlier versions are sealed
 * on the first start that reads them, unchanged, so no signed-in user notices.
 */
export async function loadIdpSecrets(db: Database, box: SecretBox): Promise<IdpSecrets> {
  const signing = await loadOrCreate(db, box, SIGNING_KEYS, async () => ({
    keys: [await generateSigningKey()],
  }));
  const cookieKeys = await loadOrCreate(db, box, COOKIE_KEYS, () =>
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

/** How a sealed secret sits in its JSON column. */
const sealedValueSchema = z.object({ sealed: z.string() });

/** The record's name is the associated data: a sealed value copied onto another name fails. */
const associatedDataOf = (name: string) => `app_secrets:${name}`;

async function loadOrCreate(
  db: Database,
  box: SecretBox,
  name: string,
  create: () => Promise<unknown>,
) {
  const existing = await readSecret(db, box, name);
  if (existing !== undefined) return existing;
  // Two processes starting at once on one database must end up with the same keys.
  const sealed = box.sealJson(await create(), associatedDataOf(name));
  await db.insert(appSecrets).values({ name, value: { sealed } }).onConflictDoNothing();
  return readSecret(db, box, name);
}

async function readSecret(db: Database, box: SecretBox, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) return undefined;
  const stored = sealedValueSchema.safeParse(row.value);
  if (stored.success) {
    try {
      return box.openJson(stored.data.sealed, associatedDataOf(name));
    } catch {
      // Never replace the keys here: every session and token would silently die with them.
      throw new Error(
        `The identity provider's ${name} cannot be opened with this secret key: start with the REVLANE_SECRET_KEY (or data directory key file) they were sealed with`,
      );
    }
  }
  // Written in plain text by an earlier version: seal it where it is, keep using it.
  const sealed = box.sealJson(row.value, associatedDataOf(name));
  await db.update(appSecrets).set({ value: { sealed } }).where(eq(appSecrets.name, name));
  return row.value;
}
