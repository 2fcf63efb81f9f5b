import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WarehouseAccess } from '../apps/server/src/warehouse/warehouse-plugin.js';
import { seedDemoSegments } from '../apps/server/src/demo/index.js';
import { listenSignedIn } from './listen-signed-in.js';

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
  const { app, database, address, headers } = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    { REVLANE_DATA_DIR: dataDir, ...options.env },
  );
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
