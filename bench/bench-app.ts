import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/database/database.js';
import type { WarehouseAccess } from '../apps/server/src/platform/warehouse/warehouse-plugin.js';
import { seedDemoSegments } from '../apps/server/src/services/live-ops/index.js';
import { createTestKeys, signTestToken, TEST_ISSUER } from '../apps/server/test/tokens.js';

export const API = '/live-ops/api/v1';

export interface BenchApp {
  app: FastifyInstance;
  warehouse: WarehouseAccess;
  address: string;
  headers: Record<string, string>;
  orgId: string;
  /** A demo segment's id by name. */
  segment: (name: string) => string;
  close: () => Promise<void>;
}

export interface BenchAppOptions {
  /**
   * How the benchmark file becomes the organization's warehouse: `link` reads it in place
   * (read-only benches), `copy` works on a temp copy that writes may change and that is
   * deleted on close.
   */
  place: 'link' | 'copy';
  /** Extra configuration, e.g. `JOBS_WORKERS: 'false'`. */
  env?: Record<string, string>;
}

/**
 * The app on 127.0.0.1 with a fresh PGlite metadata database, a signed-in bench user with
 * the demo segments, and the benchmark DuckDB file as that user's organization's warehouse.
 */
export async function startBenchApp(dataFile: string, options: BenchAppOptions): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-app-'));
  const keys = await createTestKeys();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH0_DOMAIN: TEST_ISSUER,
    AUTH0_CLIENT_ID: 'bench',
    SEED_DEMO: 'false',
    REVLANE_DATA_DIR: dataDir,
    ...options.env,
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp({ config, database, jwks: keys.jwks, idp: false });
  const token = await signTestToken(keys, {
    sub: 'bench|user-1',
    email: 'bench@bench.example',
    name: 'Bench User',
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { authorization: `Bearer ${token}` };
  const me = await fetch(`${address}/user/api/v1/users/me`, { headers });
  if (!me.ok) throw new Error(`users/me answered ${me.status}`);
  const orgId = ((await me.json()) as { data: { organization: { id: string } } }).data.organization
    .id;
  const target = path.join(dataDir, 'warehouse', `${orgId}.duckdb`);
  mkdirSync(path.dirname(target), { recursive: true });
  if (options.place === 'link') symlinkSync(dataFile, target);
  else copyFileSync(dataFile, target);
  await seedDemoSegments(database.db, orgId);
  const list = await fetch(`${address}${API}/segments/me`, { headers });
  const segments = ((await list.json()) as { data: { id: string; name: string }[] }).data;
  const ids = new Map(segments.map((segment) => [segment.name, segment.id]));
  return {
    app,
    // The plugin's type augmentation is not in this project's view of FastifyInstance.
    warehouse: (app as unknown as { warehouse: WarehouseAccess }).warehouse,
    address,
    headers,
    orgId,
    segment: (name) => {
      const id = ids.get(name);
      if (!id) throw new Error(`No demo segment named ${name}`);
      return id;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
