/**
 * `npm run bench:load`: concurrent clients (autocannon in a second process) on the segment
 * data endpoint and on `users/me`, next to a bare Fastify route measured in the same run.
 * BENCH_LOAD_SECONDS (default 30) per scenario, BENCH_LOAD_CONNECTIONS (default 200);
 * BENCH_DATABASE_URL (an empty PostgreSQL database) adds users/me on PostgreSQL and the segment
 * data endpoint with 1 and with 2 web processes on PostgreSQL (issue #29). BENCH_LOAD_ONLY
 * (a comma list of bare, segment, users-me, processes) runs only those scenarios.
 * Exits 1 when a target is missed or a request failed, after printing every row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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
import { startRoundRobinProxy } from '../apps/server/test/round-robin-proxy.js';
import { startWebProcesses } from './web-processes.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
/** The targets (issue #17, "Load"). */
const SEGMENT_P99_TARGET_MS = 300;
const SEGMENT_TARGET_CONNECTIONS = 100;
const USERS_ME_MIN_SHARE = 0.25;
const SCENARIOS = ['bare', 'segment', 'users-me', 'processes'] as const;
type Scenario = (typeof SCENARIOS)[number];

function scenariosToRun(only: string | undefined): Set<Scenario> {
  if (!only) return new Set(SCENARIOS);
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_LOAD_ONLY: unknown ${unknown.join(', ')} (use ${SCENARIOS.join(', ')})`);
  const chosen = new Set(names as Scenario[]);
  // users/me's target is a share of the bare route's req/s in the same run.
  if (chosen.has('users-me')) chosen.add('bare');
  return chosen;
}
const scenarios = scenariosToRun(process.env.BENCH_LOAD_ONLY);

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

/**
 * `users/me` with the rate limits off (the target's measure since issue #17), or with
 * `countLimits` counting both API-wide limits in the shared store (ADR 0035) at a ceiling
 * no run reaches: what several web processes pay per request, reported without a target.
 */
async function benchUsersMe(
  name: string,
  target: DatabaseTarget,
  bareRps: number,
  { countLimits = false } = {},
) {
  const never = String(1_000_000_000);
  const env: Record<string, string> = countLimits
    ? { RATE_LIMIT_ADDRESS_PER_MINUTE: never, RATE_LIMIT_USER_PER_MINUTE: never }
    : {};
  const { app, database, address, headers } = await listenSignedIn(target, env);
  try {
    const row = await run(name, `${address}/user/api/v1/users/me`, headers, CONNECTIONS);
    if (!countLimits)
      row.target = {
        text: `≥ ${USERS_ME_MIN_SHARE * 100}% of bare`,
        met: row.requestsPerSecond >= USERS_ME_MIN_SHARE * bareRps,
      };
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The segment data endpoint (the cached first page, as above) served by separate web
 * processes on PostgreSQL (issue #29): one process directly, one behind the round-robin
 * proxy (the proxy's own cost), and two behind it. No target: the issue sets none.
 */
async function benchWebProcesses(postgresUrl: string) {
  const deployment = await startWebProcesses(postgresUrl, 2);
  try {
    const [first, second] = deployment.webUrls as [string, string];
    const { segmentDataPath: route, headers } = deployment;
    await run(
      'segment data, 1 web process on PostgreSQL',
      `${first}${route}`,
      headers,
      SEGMENT_TARGET_CONNECTIONS,
    );
    for (const targets of [[first], [first, second]]) {
      const proxy = await startRoundRobinProxy(targets);
      try {
        await run(
          targets.length === 1
            ? 'segment data, 1 web process behind the proxy'
            : 'segment data, 2 web processes on PostgreSQL',
          `${proxy.url}${route}`,
          headers,
          SEGMENT_TARGET_CONNECTIONS,
        );
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await deployment.close();
  }
}

const label = (row: Row) => `${row.name} (${row.connections} conn)`;

function format(row: Row, bareRps: number | undefined, nameWidth: number): string {
  const failed = row.errors + row.timeouts + row.non2xx;
  return [
    label(row).padEnd(nameWidth),
    `${Math.round(row.requestsPerSecond)} req/s`.padStart(12),
    bareRps === undefined
      ? ''
      : `${((row.requestsPerSecond / bareRps) * 100).toFixed(1)}% of bare`.padStart(15),
    `p50 ${row.p50Ms} ms`.padStart(12),
    `p99 ${row.p99Ms} ms`.padStart(13),
    `errors ${row.errors + row.timeouts}, non-2xx ${row.non2xx}`.padStart(24),
    row.target ? `  target ${row.target.text}: ${row.target.met ? 'met' : 'NOT met'}` : '',
    failed ? '  FAILED REQUESTS' : '',
  ].join(' ');
}

try {
  let bareRps: number | undefined;
  if (scenarios.has('bare')) {
    const bare = await startBareRoute();
    try {
      bareRps = (await run('bare Fastify route', bare.url, {}, CONNECTIONS)).requestsPerSecond;
    } finally {
      await bare.close();
    }
  }
  if (scenarios.has('segment')) await benchSegmentData();
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (scenarios.has('users-me')) {
    await benchUsersMe('users/me on PGlite', { kind: 'pglite', dataDir: undefined }, bareRps!);
    if (postgresUrl) {
      await benchUsersMe(
        'users/me on PostgreSQL',
        { kind: 'postgres', url: postgresUrl },
        bareRps!,
      );
      await benchUsersMe(
        'users/me on PostgreSQL, limits counted',
        { kind: 'postgres', url: postgresUrl },
        bareRps!,
        { countLimits: true },
      );
    }
  }
  if (scenarios.has('processes') && postgresUrl) await benchWebProcesses(postgresUrl);
  console.log(`\nLoad (autocannon in a second process, 127.0.0.1, ${SECONDS} s each)`);
  const nameWidth = Math.max(...rows.map((row) => label(row).length));
  for (const row of rows) console.log(format(row, bareRps, nameWidth));
  if (!postgresUrl) {
    if (scenarios.has('users-me'))
      console.log('users/me on PostgreSQL: not measured (set BENCH_DATABASE_URL)');
    if (scenarios.has('processes'))
      console.log('segment data with 1 and 2 web processes: not measured (set BENCH_DATABASE_URL)');
  } else if (scenarios.has('processes')) {
    console.log(
      [
        'Web processes: separate REVLANE_ROLE=web processes and one worker on one PostgreSQL;',
        '"2 web processes" goes through a round-robin proxy in the bench process, whose own cost',
        'is "1 web process behind the proxy" minus "1 web process". On 2 cores (this machine has',
        `${availableParallelism()}) the second process shares the cores of the first, of PostgreSQL, the proxy and the`,
        'load client: the row shows the overhead of a second process, not a speed-up, which needs',
        'cores of its own per process (several machines).',
      ].join('\n  '),
    );
  }
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
