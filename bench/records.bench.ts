import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  loadDemoData,
  openWarehouse,
  RECORD_TIMELINE_TABLES,
  type Warehouse,
} from '../apps/server/src/warehouse/index.js';
import { buildTimelineTables } from '../apps/server/src/warehouse/loading/build-timeline-tables.js';
import { API, startBenchApp, type BenchApp } from './bench-app.js';
import { measure, type LatencyResult } from './latency.js';

/** Issue 26: a timeline page of 50 events answers in ≤ 50 ms p50 at the benchmark size. */
const TIMELINE_TARGET_MS = 50;
const PER_PAGE = 50;
const SMALL_SIZE = { accounts: 20_000, users: 200_000, events: 2_000_000 };
const BENCH_ORG = process.env.REVLANE_BENCH_ORG ?? 'bench';

export interface RecordsBenchResult {
  dataSize: string;
  /** How the timelines' sorted copies came to be (built here when the file predates them). */
  copies: string;
  rows: { result: LatencyResult; baseline: LatencyResult | null; target: number | null }[];
}

/**
 * The benchmark DuckDB file (bench/README.md), or a set built here: of the size
 * BENCH_RECORDS_SIZE names (`accounts,users,events`, e.g. `2000,20000,400000` for a quick
 * check), else the smaller set when the file is missing.
 */
async function dataFile(): Promise<{ file: string; size: string; cleanup: () => void }> {
  const dir = process.env.REVLANE_BENCH_WAREHOUSE_DIR ?? '/tmp/rvbench/warehouse';
  const file = path.join(dir, `${BENCH_ORG}.duckdb`);
  const asked = process.env.BENCH_RECORDS_SIZE?.split(',').map(Number);
  if (!asked && existsSync(file)) return { file, size: file, cleanup: () => {} };
  const [accounts, users, events] = asked ?? [
    SMALL_SIZE.accounts,
    SMALL_SIZE.users,
    SMALL_SIZE.events,
  ];
  if (!accounts || !users || !events) throw new Error('BENCH_RECORDS_SIZE: accounts,users,events');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-records-'));
  const warehouse = openWarehouse({ dataDir });
  await loadDemoData(warehouse, BENCH_ORG, { accounts, users, events });
  await warehouse.close();
  return {
    file: path.join(dataDir, 'warehouse', `${BENCH_ORG}.duckdb`),
    size: `${asked ? '' : 'SMALLER set (no benchmark file): '}${accounts} accounts, ${users} users, ${events} events`,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const count = async (engine: Warehouse, orgId: string, table: string) => {
  const [row] = await engine.query(orgId, {
    sql: `SELECT count(*) AS n FROM ${engine.dialect.table(orgId, table)}`,
    params: [],
  });
  return Number(row!.n);
};

/**
 * A file loaded before the timelines' copies existed gets them as its next load or refresh
 * would build them (loading/build-timeline-tables.ts), timed: what they add to a load.
 */
async function ensureCopies(h: BenchApp): Promise<string> {
  const { engine } = h.warehouse;
  const names = Object.values(RECORD_TIMELINE_TABLES).map((table) => table.name);
  if ((await Promise.all(names.map((name) => engine.hasTable(h.orgId, name)))).every(Boolean))
    return 'present in the file';
  const started = performance.now();
  const built = await buildTimelineTables(engine, h.orgId, 'events');
  await engine.swapTables(h.orgId, built);
  return `built here from events in ${((performance.now() - started) / 1000).toFixed(1)} s (both copies)`;
}

/** `n` ids of a table spread over it (by hash, so not the first accounts generated). */
async function sampleIds(engine: Warehouse, orgId: string, table: string, n: number) {
  const rows = await engine.query(orgId, {
    sql: `SELECT id FROM ${engine.dialect.table(orgId, table)} ORDER BY md5(id) LIMIT ${n}`,
    params: [],
  });
  return rows.map((row) => row.id as string);
}

/**
 * The demo generator writes events account by account, so DuckDB's zone maps already prune a
 * naive scan of `events` on `account_id`. A mapped source lands events as they happened: this
 * copy in time order is the live scan such an organization would pay.
 */
const ARRIVAL_ORDER = 'bench_events_in_arrival_order';
async function arrivalOrderCopy(engine: Warehouse, orgId: string): Promise<string> {
  const started = performance.now();
  const table = (name: string) => engine.dialect.table(orgId, name);
  await engine.query(orgId, {
    sql: `CREATE OR REPLACE TABLE ${table(ARRIVAL_ORDER)} AS SELECT * FROM ${table('events')} ORDER BY occurred_at`,
    params: [],
  });
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** What a tool without the copies does: the record's events straight from an events table. */
function liveScan(
  engine: Warehouse,
  orgId: string,
  column: 'account_id' | 'user_id',
  events = 'events',
) {
  return (id: string) =>
    engine.query(orgId, {
      sql:
        `SELECT user_id, account_id, name, occurred_at, properties FROM ${engine.dialect.table(orgId, events)} ` +
        `WHERE ${column} = $1 ORDER BY occurred_at DESC, user_id, name LIMIT ${PER_PAGE + 1}`,
      params: [id],
    });
}

async function getJson(
  h: BenchApp,
  url: string,
): Promise<{ events?: unknown[]; days?: unknown[] }> {
  const response = await fetch(`${h.address}${API}/${url}`, { headers: h.headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { data: { events?: unknown[] } }).data;
}

export async function benchRecords(): Promise<RecordsBenchResult> {
  const data = await dataFile();
  const h = await startBenchApp(data.file, { place: 'copy', env: { JOBS_WORKERS: 'false' } });
  try {
    const { engine } = h.warehouse;
    const copies = await ensureCopies(h);
    const size = `${await count(engine, h.orgId, 'accounts')} accounts, ${await count(engine, h.orgId, 'users')} users, ${await count(engine, h.orgId, 'events')} events (${data.size})`;
    // One id per call, warm-ups included: no call reads what an earlier one read.
    const n = Number(process.env.BENCH_RUNS ?? 30) + 3;
    const accounts = await sampleIds(engine, h.orgId, 'accounts', n);
    const users = await sampleIds(engine, h.orgId, 'users', n);
    const each = (ids: string[], run: (id: string) => Promise<string>) => (i: number) =>
      run(ids[i % ids.length]!);
    const events = (kind: string) => async (id: string) =>
      `${(await getJson(h, `${kind}/${encodeURIComponent(id)}/events?perPage=${PER_PAGE}`)).events!.length} events`;
    const scan =
      (column: 'account_id' | 'user_id', table = 'events') =>
      async (id: string) =>
        `${(await liveScan(engine, h.orgId, column, table)(id)).length} events`;
    const arrivalCopy = await arrivalOrderCopy(engine, h.orgId);

    const accountLive = await measure(
      'account: live scan of events (demo order)',
      each(accounts, scan('account_id')),
    );
    const accountArrival = await measure(
      'account: live scan, events in time order',
      each(accounts, scan('account_id', ARRIVAL_ORDER)),
    );
    const accountPage = await measure(
      'account timeline page (HTTP)',
      each(accounts, events('accounts')),
    );
    const userLive = await measure(
      'user: live scan of events (demo order)',
      each(users, scan('user_id')),
    );
    const userArrival = await measure(
      'user: live scan, events in time order',
      each(users, scan('user_id', ARRIVAL_ORDER)),
    );
    const userPage = await measure('user timeline page (HTTP)', each(users, events('users')));
    const activity = await measure(
      'account activity, 180 days (HTTP)',
      each(
        accounts,
        async (id) =>
          `${(await getJson(h, `accounts/${encodeURIComponent(id)}/activity`)).days!.length} days`,
      ),
    );
    const detail = await measure(
      'account page: record, users… (HTTP)',
      each(accounts, async (id) =>
        (await getJson(h, `accounts/${encodeURIComponent(id)}`)) ? 'ok' : '',
      ),
    );
    return {
      dataSize: size,
      copies: `${copies}; the time-ordered baseline copied in ${arrivalCopy}`,
      rows: [
        { result: accountLive, baseline: null, target: null },
        { result: accountArrival, baseline: null, target: null },
        { result: accountPage, baseline: accountArrival, target: TIMELINE_TARGET_MS },
        { result: userLive, baseline: null, target: null },
        { result: userArrival, baseline: null, target: null },
        { result: userPage, baseline: userArrival, target: TIMELINE_TARGET_MS },
        { result: activity, baseline: null, target: null },
        { result: detail, baseline: null, target: null },
      ],
    };
  } finally {
    await h.close();
    data.cleanup();
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

export async function printRecordsBench(): Promise<void> {
  const result = await benchRecords();
  console.log('\nRecord pages (issue 26): timeline pages through the sorted copies vs a live scan');
  console.log(`Data: ${result.dataSize}`);
  console.log(`Timeline copies: ${result.copies}`);
  for (const { result: row, baseline, target } of result.rows) {
    console.log(
      [
        row.name.padEnd(44),
        `p50 ${row.p50Ms} ms`.padStart(14),
        `p95 ${row.p95Ms} ms`.padStart(14),
        `n=${row.runs}`.padStart(5),
        baseline
          ? `${(baseline.p50Ms / row.p50Ms).toFixed(1)}× faster than time order`.padStart(32)
          : ''.padStart(32),
        target ? `  target p50 ≤ ${target} ms: ${met(row.p50Ms <= target)}` : '',
        `  (${row.note})`,
      ].join(' '),
    );
  }
  console.log(
    'Each call reads another record (ids spread by hash). The live scans run the naive query in ' +
      'process (DuckDB, no HTTP, which favours them); the demo writes events account by account, ' +
      'so its order prunes too: the ratio is against the same events in time order, as a source ' +
      'lands them. The pages go through HTTP with auth.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printRecordsBench();
