/**
 * `npm run bench:load`: concurrent clients (autocannon in a second process) on the segment
 * data endpoint and on `users/me`, next to a bare Fastify route measured in the same run.
 * BENCH_LOAD_SECONDS (default 30) per scenario, BENCH_LOAD_CONNECTIONS (default 200);
 * BENCH_DATABASE_URL (an empty PostgreSQL database) adds users/me on PostgreSQL.
 * Exits 1 when a target is missed or a request failed, after printing every row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_DEMO_SIZE,
  loadDemoData,
  openWarehouse,
} from '../apps/server/src/warehouse/index.js';
import type { DatabaseTarget } from '../apps/server/src/platform/database/database.js';
import { startBareRoute } from './bare-route.js';
import { API, startBenchApp } from './bench-app.js';
import { startChildClient } from './child-client.js';
import { listenSignedIn } from './listen-signed-in.js';
import type { LoadOutcome, LoadRequest } from './load-client.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
/** The targets (issue #17, "Load"). */
const SEGMENT_P99_TARGET_MS = 300;
const SEGMENT_TARGET_CONNECTIONS = 100;
const USERS_ME_MIN_SHARE = 0.25;

interface Row extends LoadOutcome {
  name: string;
  connections: number;
  /** A target's verdict, e.g. "p99 ≤ 300 ms: met". */
  target?: { text: string; met: boolean };
}

const client = await startChildClient<LoadRequest, LoadOutcome>(
  new URL('./load-client.ts', import.meta.url),
);
const rows: Row[] = [];

async function run(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
) {
  // One request first: a broken route must fail loudly, not measure its error page.
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${name}: ${url} answered ${probe.status}`);
  const outcome = await client.ask({ url, headers, connections, durationSeconds: SECONDS });
  const row: Row = { name, connections, ...outcome };
  rows.push(row);
  return row;
}

/** The demo-size warehouse (what a first start loads), built in a temp directory. */
async function demoDataFile(): Promise<{ file: string; cleanup: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-load-data-'));
  const warehouse = openWarehouse({ dataDir });
  await loadDemoData(warehouse, 'bench', DEFAULT_DEMO_SIZE);
  await warehouse.close();
  return {
    file: path.join(dataDir, 'warehouse', 'bench.duckdb'),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function benchSegmentData() {
  const data = await demoDataFile();
  const h = await startBenchApp(data.file, { place: 'link' });
  try {
    const url = `${h.address}${API}/segments/${h.segment('All accounts')}/data`;
    const row = await run('segment data', url, h.headers, SEGMENT_TARGET_CONNECTIONS);
    row.target = {
      text: `p99 ≤ ${SEGMENT_P99_TARGET_MS} ms`,
      met: row.p99Ms <= SEGMENT_P99_TARGET_MS,
    };
    if (CONNECTIONS !== SEGMENT_TARGET_CONNECTIONS)
      await run('segment data', url, h.headers, CONNECTIONS);
  } finally {
    await h.close();
    data.cleanup();
  }
}

async function benchUsersMe(name: string, target: DatabaseTarget, bareRps: number) {
  const { app, database, address, headers } = await listenSignedIn(target);
  try {
    const row = await run(name, `${address}/user/api/v1/users/me`, headers, CONNECTIONS);
    row.target = {
      text: `≥ ${USERS_ME_MIN_SHARE * 100}% of bare`,
      met: row.requestsPerSecond >= USERS_ME_MIN_SHARE * bareRps,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

function format(row: Row, bareRps: number): string {
  const failed = row.errors + row.timeouts + row.non2xx;
  return [
    `${row.name} (${row.connections} conn)`.padEnd(34),
    `${Math.round(row.requestsPerSecond)} req/s`.padStart(12),
    `${((row.requestsPerSecond / bareRps) * 100).toFixed(1)}% of bare`.padStart(15),
    `p50 ${row.p50Ms} ms`.padStart(12),
    `p99 ${row.p99Ms} ms`.padStart(13),
    `errors ${row.errors + row.timeouts}, non-2xx ${row.non2xx}`.padStart(24),
    row.target ? `  target ${row.target.text}: ${row.target.met ? 'met' : 'NOT met'}` : '',
    failed ? '  FAILED REQUESTS' : '',
  ].join(' ');
}

try {
  const bare = await startBareRoute();
  let bareRow: Row;
  try {
    bareRow = await run('bare Fastify route', bare.url, {}, CONNECTIONS);
  } finally {
    await bare.close();
  }
  await benchSegmentData();
  await benchUsersMe(
    'users/me on PGlite',
    { kind: 'pglite', dataDir: undefined },
    bareRow.requestsPerSecond,
  );
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl)
    await benchUsersMe(
      'users/me on PostgreSQL',
      { kind: 'postgres', url: postgresUrl },
      bareRow.requestsPerSecond,
    );
  console.log(`\nLoad (autocannon in a second process, 127.0.0.1, ${SECONDS} s each)`);
  for (const row of rows) console.log(format(row, bareRow.requestsPerSecond));
  if (!postgresUrl) console.log('users/me on PostgreSQL: not measured (set BENCH_DATABASE_URL)');
  const missed = rows.filter(
    (row) => row.target?.met === false || row.errors + row.timeouts + row.non2xx > 0,
  );
  if (missed.length > 0) {
    console.log(`bench:load: ${missed.length} row(s) missed a target or had failed requests`);
    process.exitCode = 1;
  }
} finally {
  client.close();
}
