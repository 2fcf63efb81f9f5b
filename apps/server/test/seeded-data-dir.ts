import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { removeUnlessKept, runDataDir } from '../../../scripts/test-run-dir.mjs';
import { seedDemoSegments } from '../src/demo/index.js';
import { openDatabase, type Database } from '../src/platform/database/database.js';
import { organizations, segments, users } from '../src/platform/database/schema/index.js';
import { secretBoxFor } from '../src/platform/secrets/secrets-plugin.js';
import { loadDemoData, openWarehouse } from '../src/warehouse/index.js';
import { withMetadata } from './server-process.js';
import { createTestKeys, signTestToken } from './tokens.js';

/** A small demo dataset: the segment pages answer real rows in milliseconds. */
const SMALL_DEMO = { accounts: 300, users: 3_000, events: 20_000 } as const;

export interface SeededDataDir {
  dataDir: string;
  orgId: string;
  /** The organization's demo segment "All accounts". */
  allAccountsSegmentId: string;
  /** The environment of the server CLI (`startServer`) over this data directory. */
  env: Record<string, string>;
  /** A bearer token of a user of that organization (provisioned by their first request). */
  token: string;
  close: () => Promise<void>;
}

export interface TestIdp {
  url: string;
  /** A bearer token with the claims asked for, valid for an hour. */
  token: string;
  close: () => Promise<void>;
}

/** An identity provider on 127.0.0.1 that serves the test keys, for a server process. */
export async function startTestIdp(claims: JWTPayload): Promise<TestIdp> {
  const keys = await createTestKeys();
  const idp: Server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks)),
  );
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const token = await signTestToken(keys, claims, {
    issuer: `${url}/`,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  return { url, token, close: () => new Promise((resolve) => idp.close(() => resolve())) };
}

/**
 * A data directory as an embedded install leaves it (PGlite metadata, DuckDB warehouse) with
 * one organization, the demo segments and a small demo dataset, and an identity provider on
 * 127.0.0.1 that serves the test keys: the server CLI starts on it with no first-start work.
 * Runs before any server process opens the directory (one process owns PGlite and DuckDB).
 */
export async function seedDataDir(name: string): Promise<SeededDataDir> {
  const dataDir = runDataDir(name) ?? mkdtempSync(path.join(tmpdir(), `revlane-${name}-`));
  const domain = `${name}.example`;
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'metadata') });
  let orgId: string;
  let allAccountsSegmentId: string;
  try {
    const [org] = await database.db
      .insert(organizations)
      .values({ name, domain, externalId: null })
      .returning({ id: organizations.id });
    orgId = org!.id;
    // Dana owns it (as its first user would): the composer's writes are for admins.
    await database.db.insert(users).values({
      orgId,
      subject: `${name}|dana`,
      email: `dana@${domain}`,
      displayName: 'Dana',
      role: 'owner',
    });
    await seedDemoSegments(database.db, orgId);
    const [segment] = await database.db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.orgId, orgId), eq(segments.name, 'All accounts')));
    allAccountsSegmentId = segment!.id;
  } finally {
    await database.close();
  }
  const warehouse = openWarehouse({ dataDir, threads: 1 });
  try {
    await loadDemoData(warehouse, orgId, SMALL_DEMO);
  } finally {
    await warehouse.close();
  }

  const idp = await startTestIdp({
    sub: `${name}|dana`,
    email: `dana@${domain}`,
    name: 'Dana',
    org_id: orgId,
  });
  return {
    dataDir,
    orgId,
    allAccountsSegmentId,
    token: idp.token,
    env: {
      PORT: '0',
      LOG_LEVEL: 'silent',
      REVLANE_DATA_DIR: dataDir,
      AUTH0_DOMAIN: idp.url,
      AUTH0_CLIENT_ID: 'test-client',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      RATE_LIMIT_USER_PER_MINUTE: '0',
      RATE_LIMIT_STRICT_PER_MINUTE: '0',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    },
    async close() {
      await idp.close();
      removeUnlessKept(dataDir);
    },
  };
}

/**
 * Runs `seed` on the data directory's metadata as the server's plugins see it (`db`, and the
 * secret box of the directory's own key), while no server process has it open.
 */
export function seedMetadata<T>(
  seeded: SeededDataDir,
  seed: (app: { db: Database; secrets: ReturnType<typeof secretBoxFor> }) => Promise<T>,
): Promise<T> {
  const secrets = secretBoxFor({ secretKey: undefined, dataDir: seeded.dataDir });
  return withMetadata(seeded.dataDir, ({ db }) => seed({ db, secrets }));
}
