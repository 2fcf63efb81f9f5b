import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemoSegments } from '../apps/server/src/demo/index.js';
import { openDatabase } from '../apps/server/src/platform/database/database.js';
import {
  DEFAULT_DEMO_SIZE,
  loadDemoData,
  openWarehouse,
} from '../apps/server/src/warehouse/index.js';
import { listeningUrl, startServer } from '../apps/server/test/server-process.js';
import { createTestKeys, nowSeconds, signTestToken } from '../apps/server/test/tokens.js';
import { API } from './bench-app.js';

const START_TIMEOUT_MS = 120_000;

/** One `src/main.ts` process of the scale-out deployment (docs/deploy.md, ADR 0035). */
interface ServerProcess {
  url: string;
  stop: () => Promise<void>;
}

/** Every process this module started, killed if the bench dies before stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** `src/main.ts` as its own process (its own event loop), once it listens. */
async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer(env);
  const { child, exited } = server;
  running.add(child);
  void exited.then(() => running.delete(child));
  let url: string;
  try {
    url = await Promise.race([
      listeningUrl(server, START_TIMEOUT_MS),
      exited.then((code) => Promise.reject(new Error(`exited (${code})`))),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`${env.REVLANE_ROLE} process ${why}:\n${server.output()}`);
  }
  return {
    url,
    stop: async () => {
      if (!running.has(child)) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Stands in for the external identity provider: its key set at
 * `/.well-known/jwks.json`, which every process fetches once and caches.
 */
async function startKeyServer(jwks: object) {
  const server = createServer((incoming, outgoing) => {
    if (incoming.url !== '/.well-known/jwks.json') return outgoing.writeHead(404).end();
    outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    domain: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WebProcesses {
  /** Each web process's origin, e.g. `http://127.0.0.1:41234`. */
  webUrls: string[];
  /** The path of the demo "All accounts" segment's data, the same in every process. */
  segmentDataPath: string;
  /** The bench user's bearer header, accepted by every process. */
  headers: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * `webCount` REVLANE_ROLE=web processes and one worker on one PostgreSQL database (metadata,
 * jobs and the warehouse), the deployment of docs/deploy.md on one machine. A bench user signs
 * in through a stand-in external identity provider; its organization gets the demo segments
 * and the demo-size warehouse in PostgreSQL (what a first start loads). Each web process has
 * answered the segment's first page once (its page and count caches are warm, ADR 0020).
 */
export async function startWebProcesses(
  postgresUrl: string,
  webCount: number,
): Promise<WebProcesses> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'revlane-load-processes-'));
  const keys = await createTestKeys();
  const idp = await startKeyServer(keys.jwks);
  const processes: ServerProcess[] = [];
  const close = async () => {
    for (const server of processes.reverse()) await server.stop();
    await idp.close();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const shared = {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgresUrl,
      WAREHOUSE_URL: postgresUrl,
      // The same in every process, as docs/deploy.md asks; made for this run, never printed.
      REVLANE_SECRET_KEY: randomBytes(32).toString('hex'),
      UPLOAD_DIR: path.join(scratch, 'uploads'),
      AUTH0_DOMAIN: idp.domain,
      AUTH0_CLIENT_ID: 'bench',
      SEED_DEMO: 'false',
      // Hundreds of connections from one address: the bench measures the servers, not the
      // limiter turning them away.
      RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      RATE_LIMIT_USER_PER_MINUTE: '0',
      RATE_LIMIT_STRICT_PER_MINUTE: '0',
    };
    const start = (role: 'web' | 'worker', index: number) =>
      startServerProcess({
        ...shared,
        REVLANE_ROLE: role,
        REVLANE_DATA_DIR: path.join(scratch, `${role}-${index}`),
      }).then((server) => (processes.push(server), server));
    // One after another: the first to start migrates the database.
    await start('worker', 1);
    const webUrls: string[] = [];
    for (let index = 1; index <= webCount; index++) webUrls.push((await start('web', index)).url);

    // Not the in-process users/me bench's user: that one signed in through another issuer.
    const token = await signTestToken(
      keys,
      { sub: 'bench|processes', email: 'processes@bench.example', name: 'Bench User' },
      { issuer: `${idp.domain}/`, exp: nowSeconds() + 6 * 3600 },
    );
    const headers = { authorization: `Bearer ${token}` };
    const me = await fetch(`${webUrls[0]}/user/api/v1/users/me`, { headers });
    if (!me.ok) throw new Error(`users/me answered ${me.status}`);
    const orgId = ((await me.json()) as { data: { organization: { id: string } } }).data
      .organization.id;

    const database = await openDatabase({ kind: 'postgres', url: postgresUrl });
    try {
      await seedDemoSegments(database.db, orgId);
    } finally {
      await database.close();
    }
    const warehouse = openWarehouse({ warehouseUrl: postgresUrl, dataDir: scratch });
    try {
      await loadDemoData(warehouse, orgId, DEFAULT_DEMO_SIZE);
    } finally {
      await warehouse.close();
    }

    const list = await fetch(`${webUrls[0]}${API}/segments/me`, { headers });
    const segments = ((await list.json()) as { data: { id: string; name: string }[] }).data;
    const segment = segments.find((candidate) => candidate.name === 'All accounts');
    if (!segment) throw new Error('No demo segment named All accounts');
    const segmentDataPath = `${API}/segments/${segment.id}/data`;
    // 200, not 202 "preparing": every process sees the loaded warehouse.
    for (const url of webUrls) {
      const page = await fetch(`${url}${segmentDataPath}`, { headers });
      if (page.status !== 200) throw new Error(`${url}${segmentDataPath} answered ${page.status}`);
    }
    return { webUrls, segmentDataPath, headers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
