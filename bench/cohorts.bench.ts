import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { computeMembersTrend } from '../apps/server/src/services/live-ops/trends/computed-trend.js';
import {
  trendIntervals,
  type IntervalSpan,
} from '../apps/server/src/services/live-ops/trends/trend-series.js';
import {
  COHORT_COUNTS_TABLE,
  openWarehouse,
  snapshotCohort,
  type Warehouse,
} from '../apps/server/src/warehouse/index.js';
import { API, startBenchApp, type BenchApp } from './bench-app.js';
import { measure, type LatencyResult } from './latency.js';
import { withPeakRss } from './peak-rss.js';
import { snapshotRunCohorts, TREND_COHORT, type BenchCohort } from './cohort-definitions.js';

/** Cap of the live (computed) trend per engine; fewer points are measured beyond it. */
const LIVE_TREND_BUDGET_MS = Number(process.env.BENCH_LIVE_TREND_SECONDS ?? 180) * 1000;
/** Cap of one full snapshot run per engine; the cohorts left are extrapolated. */
const SNAPSHOT_RUN_BUDGET_MS = Number(process.env.BENCH_SNAPSHOT_RUN_SECONDS ?? 180) * 1000;
const TREND_DAYS = 180;
const DAY_MS = 86_400_000;
const BENCH_ORG = process.env.REVLANE_BENCH_ORG ?? 'bench';

/** A live trend: `points` measured in `ms`; `fullMs` is measured (points = 180) or extrapolated. */
export interface LiveTrendResult {
  engine: string;
  points: number;
  ms: number;
  fullMs: number;
  extrapolated: boolean;
}

export interface SnapshotRunResult {
  name: string;
  cohorts: number;
  of: number;
  rows: number;
  seconds: number;
  baseRssMb: number;
  peakRssMb: number;
  note: string;
}

export interface CohortsBenchResult {
  dataSize: string;
  historyNote: string;
  snapshotTrend: LatencyResult | null;
  /** The cheapest authenticated route in the same run: how loaded the machine was. */
  httpFloor: LatencyResult | null;
  live: (LiveTrendResult | string)[];
  runs: (SnapshotRunResult | string)[];
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The demo segment each cohort table's cohorts belong to. */
const SEGMENT_OF_TABLE = { accounts: 'All accounts', users: 'Active users' } as const;

type Harness = BenchApp;

/**
 * The app (job workers off, so cohort creation only enqueues its snapshot) on a temp COPY of
 * the benchmark file: the snapshots and as-of scratch tables write to the copy, which is
 * deleted afterwards.
 */
const startApp = (benchFile: string) =>
  startBenchApp(benchFile, { place: 'copy', env: { JOBS_WORKERS: 'false' } });

async function post(h: Harness, url: string, body: unknown, expected: number) {
  const response = await fetch(`${h.address}${API}/${url}`, {
    method: 'POST',
    headers: { ...h.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
}

/** Creates the cohort through the API (so its filters pass the product's validation). */
async function createCohort(h: Harness, cohort: BenchCohort): Promise<string> {
  const data = await post(
    h,
    `segments/${h.segment(SEGMENT_OF_TABLE[cohort.table])}/cohorts`,
    { name: cohort.name, filters: cohort.filters },
    201,
  );
  return (data as { id: string }).id;
}

/** The trend's 180 daily spans, today's last. */
function trendSpans(now: number): IntervalSpan[] {
  return trendIntervals(toDay(now - (TREND_DAYS - 1) * DAY_MS), toDay(now), 'day');
}

/** Evenly spread indices of `count` among 1…total-1 (index 0 is the probe). */
function spread(count: number, total: number): number[] {
  const picked = new Set<number>();
  for (let i = 1; i <= count; i += 1) picked.add(Math.round((i * (total - 1)) / count));
  return [...picked].sort((a, b) => a - b);
}

/**
 * The product's computed trend (computeMembersTrend: the filters evaluated as of each day's
 * end) of the trend cohort. One day is timed first; if 180 days would not fit the cap, as
 * many days as fit (spread over the range) are timed too and 180 are extrapolated.
 */
async function liveTrend(
  engine: string,
  warehouse: Warehouse,
  orgId: string,
  now: number,
): Promise<{ result: LiveTrendResult | string; values: Map<string, number> }> {
  try {
    return await timeLiveTrend(engine, warehouse, orgId, now);
  } catch (error) {
    // At benchmark size the as-of grid can exceed the engine's memory limit: that is a result.
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { result: `failed on ${engine}: ${reason}`, values: new Map() };
  }
}

async function timeLiveTrend(
  engine: string,
  warehouse: Warehouse,
  orgId: string,
  now: number,
): Promise<{ result: LiveTrendResult; values: Map<string, number> }> {
  const spans = trendSpans(now);
  const values = new Map<string, number>();
  const run = async (chosen: IntervalSpan[]) => {
    const t0 = performance.now();
    const points = await computeMembersTrend(
      warehouse,
      orgId,
      { table: TREND_COHORT.table, baseFilters: [], filters: TREND_COHORT.filters },
      chosen,
      now,
    );
    for (const point of points) if (point.value !== null) values.set(point.date, point.value);
    return performance.now() - t0;
  };
  const probeMs = await run([spans[0]!]);
  if (probeMs * spans.length <= LIVE_TREND_BUDGET_MS) {
    const ms = await run(spans);
    return {
      result: { engine, points: spans.length, ms, fullMs: ms, extrapolated: false },
      values,
    };
  }
  const more = Math.min(
    spans.length - 1,
    Math.max(0, Math.floor((LIVE_TREND_BUDGET_MS - probeMs) / probeMs)),
  );
  const ms = probeMs + (more > 0 ? await run(spread(more, spans.length).map((i) => spans[i]!)) : 0);
  const points = 1 + more;
  return {
    result: { engine, points, ms, fullMs: (ms / points) * spans.length, extrapolated: true },
    values,
  };
}

/**
 * 180 days of the trend cohort's history in `cohort_counts`. Today's row is a real snapshot
 * (snapshotCohort); the 179 days before are written directly (the product's back-fill would
 * rebuild the segment tables as of each day: 179 as-of builds, far beyond minutes at this
 * size): members are the live as-of values where the live trend measured them, linear
 * interpolation between them otherwise; entered/left follow the day-to-day difference.
 */
async function writeTrendHistory(
  warehouse: Warehouse,
  orgId: string,
  cohortId: string,
  now: number,
  measured: Map<string, number>,
): Promise<string> {
  const today = await snapshotCohort(
    warehouse,
    orgId,
    { cohortId, table: TREND_COHORT.table, filters: TREND_COHORT.filters },
    now,
  );
  const days = trendSpans(now).map((span) => span.date);
  const known = new Map(measured);
  known.set(days.at(-1)!, today.members);
  const anchors = days.map((day, index) => [index, known.get(day)] as const);
  const defined = anchors.filter(
    (anchor): anchor is readonly [number, number] => anchor[1] !== undefined,
  );
  const members = days.map((day, index) => {
    const exact = known.get(day);
    if (exact !== undefined) return exact;
    const after = defined.find(([at]) => at > index)!;
    const before = [...defined].reverse().find(([at]) => at < index) ?? after;
    const share = after[0] === before[0] ? 0 : (index - before[0]) / (after[0] - before[0]);
    return Math.round(before[1] + (after[1] - before[1]) * share);
  });
  const rows = days.slice(0, -1).map((day, index) => {
    const change = index === 0 ? 0 : members[index]! - members[index - 1]!;
    return [
      cohortId,
      `${day} 00:00:00`,
      members[index]!,
      Math.max(0, change),
      Math.max(0, -change),
      `${day} 23:59:59.999`,
    ];
  });
  const table = warehouse.dialect.table(orgId, COHORT_COUNTS_TABLE.name);
  const values = rows
    .map((_, r) => {
      const p = (c: number) => `$${r * 6 + c + 1}`;
      return `(${p(0)}, CAST(${p(1)} AS TIMESTAMP), ${p(2)}, ${p(3)}, ${p(4)}, CAST(${p(5)} AS TIMESTAMP))`;
    })
    .join(', ');
  await warehouse.execute(orgId, [
    {
      sql: `INSERT INTO ${table} (cohort_id, day, members, entered, "left", snapshot_at) VALUES ${values}`,
      params: rows.flat(),
    },
  ]);
  return (
    `today's row by snapshotCohort (${today.members} members); ${rows.length} earlier rows ` +
    `written directly: ${measured.size} as-of values measured live, the rest interpolated`
  );
}

/** `POST segments/{id}/trend` with the cohort's id, 180 daily points from snapshots. */
async function snapshotTrend(h: Harness, cohortId: string, now: number): Promise<LatencyResult> {
  const spans = trendSpans(now);
  const body = { cohortId, metric: 'members', from: spans[0]!.date, to: spans.at(-1)!.date };
  return measure('trend 180 d from snapshots (HTTP)', async () => {
    const data = (await post(
      h,
      `segments/${h.segment(SEGMENT_OF_TABLE.users)}/trend`,
      body,
      200,
    )) as {
      source: string;
      points: { value: number | null }[];
    };
    const filled = data.points.filter((point) => point.value !== null).length;
    return `${data.source}, ${filled}/${data.points.length} points`;
  });
}

/**
 * A full snapshot run: snapshotCohort for each cohort in turn at one moment (the loop of
 * snapshotOrganization, without the metadata mirror), capped in time.
 */
async function snapshotRun(
  name: string,
  warehouse: Warehouse,
  orgId: string,
  cohorts: { id: string; cohort: BenchCohort }[],
  at: number,
): Promise<SnapshotRunResult> {
  const started = performance.now();
  const { value, peakMb, baseMb } = await withPeakRss(async () => {
    let rows = 0;
    let done = 0;
    let changes = 0;
    for (const { id, cohort } of cohorts) {
      if (performance.now() - started > SNAPSHOT_RUN_BUDGET_MS) break;
      const result = await snapshotCohort(
        warehouse,
        orgId,
        { cohortId: id, table: cohort.table, filters: cohort.filters },
        at,
      );
      rows += result.members;
      changes += result.entered + result.left;
      done += 1;
    }
    return { rows, done, changes };
  });
  return {
    name,
    cohorts: value.done,
    of: cohorts.length,
    rows: value.rows,
    seconds: (performance.now() - started) / 1000,
    baseRssMb: baseMb,
    peakRssMb: peakMb,
    note: `${value.changes} entered+left`,
  };
}

/** Two runs: the first (baseline: every member written), then one a minute later (diffs). */
async function snapshotRuns(
  engine: string,
  warehouse: Warehouse,
  orgId: string,
  cohorts: { id: string; cohort: BenchCohort }[],
  now: number,
): Promise<SnapshotRunResult[]> {
  const first = await snapshotRun(`${engine} first run (baseline)`, warehouse, orgId, cohorts, now);
  if (first.cohorts < cohorts.length) return [first];
  const next = await snapshotRun(
    `${engine} next run (diff)`,
    warehouse,
    orgId,
    cohorts,
    now + 60_000,
  );
  return [first, next];
}

async function duckdbPart(file: string, now: number) {
  const h = await startApp(file);
  try {
    const trendId = await createCohort(h, TREND_COHORT);
    const runCohorts = [];
    for (const cohort of snapshotRunCohorts(now)) {
      runCohorts.push({ id: await createCohort(h, cohort), cohort });
    }
    // The snapshot run first, so its memory is measured before the as-of builds grow DuckDB's.
    const runs = await snapshotRuns('DuckDB', h.warehouse.engine, h.orgId, runCohorts, now);
    const { result: live, values } = await liveTrend('DuckDB', h.warehouse.engine, h.orgId, now);
    const historyNote = await writeTrendHistory(h.warehouse.engine, h.orgId, trendId, now, values);
    const trend = await snapshotTrend(h, trendId, now);
    const floor = await measure('GET users/me (HTTP floor)', async () => {
      const response = await fetch(`${h.address}/user/api/v1/users/me`, { headers: h.headers });
      await response.arrayBuffer();
      return `status ${response.status}`;
    });
    return { live, historyNote, trend, floor, runs, ids: runCohorts };
  } finally {
    await h.close();
  }
}

/**
 * The PostgreSQL warehouse's loaded schema (organization REVLANE_BENCH_ORG), in process: the
 * live trend and the snapshot run. Snapshot rows written here are removed afterwards (the
 * cohort tables are dropped when the run created them).
 */
async function postgresPart(
  url: string,
  cohorts: { id: string; cohort: BenchCohort }[],
  now: number,
): Promise<{ live: LiveTrendResult | string; runs: (SnapshotRunResult | string)[] }> {
  const warehouse = openWarehouse({ warehouseUrl: url, dataDir: tmpdir() });
  const orgId = BENCH_ORG;
  try {
    if (!(await warehouse.hasTable(orgId, 'segment_users')))
      return {
        live: `PostgreSQL: no loaded schema for ${orgId} at BENCH_DATABASE_URL (see README)`,
        runs: [],
      };
    const hadTables = await warehouse.hasTable(orgId, COHORT_COUNTS_TABLE.name);
    try {
      const runs = await snapshotRuns('PostgreSQL', warehouse, orgId, cohorts, now);
      const { result: live } = await liveTrend('PostgreSQL', warehouse, orgId, now);
      return { live, runs };
    } finally {
      await removeSnapshots(
        warehouse,
        orgId,
        cohorts.map((c) => c.id),
        hadTables,
      );
    }
  } finally {
    await warehouse.close();
  }
}

/**
 * Deletes the run's rows; drops the cohort tables only if the run created them and nothing
 * else wrote to them meanwhile (another bench run may share the schema).
 */
async function removeSnapshots(
  warehouse: Warehouse,
  orgId: string,
  ids: string[],
  hadTables: boolean,
) {
  const tables = ['cohort_members', 'cohort_changes', COHORT_COUNTS_TABLE.name].map((name) =>
    warehouse.dialect.table(orgId, name),
  );
  if (!(await warehouse.hasTable(orgId, COHORT_COUNTS_TABLE.name))) return;
  const list = ids.map((_, i) => `$${i + 1}`).join(', ');
  await warehouse.execute(
    orgId,
    tables.map((table) => ({
      sql: `DELETE FROM ${table} WHERE cohort_id IN (${list})`,
      params: ids,
    })),
  );
  if (hadTables) return;
  const [left] = await warehouse.query(orgId, {
    sql: `SELECT count(*) AS n FROM ${tables[2]}`,
    params: [],
  });
  if (Number(left?.n) !== 0) return;
  await warehouse.execute(
    orgId,
    tables.map((table) => ({ sql: `DROP TABLE IF EXISTS ${table}`, params: [] })),
  );
}

export async function benchCohorts(): Promise<CohortsBenchResult | string> {
  const dir = process.env.REVLANE_BENCH_WAREHOUSE_DIR ?? '/tmp/rvbench/warehouse';
  const file = path.join(dir, `${BENCH_ORG}.duckdb`);
  if (!existsSync(file)) return `no benchmark data at ${file} (see bench/README.md)`;
  const now = Date.now();
  const duck = await duckdbPart(file, now);
  const url = process.env.BENCH_DATABASE_URL;
  const pg = url
    ? await postgresPart(url, duck.ids, now)
    : { live: 'PostgreSQL: BENCH_DATABASE_URL is not set', runs: [] };
  return {
    dataSize: `200k accounts, 2M users, 20M events expected (${file}, copied to a temp dir)`,
    historyNote: duck.historyNote,
    snapshotTrend: duck.trend,
    httpFloor: duck.floor,
    live: [duck.live, pg.live],
    runs: [...duck.runs, ...pg.runs],
  };
}

const TREND_TARGET_MS = 20;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Runs the cohort benchmarks and prints their table (called by run.ts). */
export async function printCohortsBench(): Promise<void> {
  const result = await benchCohorts();
  console.log('\nCohorts (issue 5): trend from snapshots vs computed live, full snapshot run');
  if (typeof result === 'string') {
    console.log(`Not measured: ${result}.`);
    return;
  }
  console.log(`Data: ${result.dataSize}`);
  console.log(`Trend cohort history: ${result.historyNote}.`);
  const trend = result.snapshotTrend!;
  console.log(
    [
      trend.name.padEnd(40),
      `p50 ${trend.p50Ms} ms`.padStart(13),
      `p95 ${trend.p95Ms} ms`.padStart(13),
      `n=${trend.runs}`.padStart(5),
      `  target p50 ≤ ${TREND_TARGET_MS} ms: ${met(trend.p50Ms <= TREND_TARGET_MS)}`,
      `  (${trend.note})`,
    ].join(' '),
  );
  const floor = result.httpFloor!;
  console.log(
    [
      floor.name.padEnd(40),
      `p50 ${floor.p50Ms} ms`.padStart(13),
      `p95 ${floor.p95Ms} ms`.padStart(13),
      `n=${floor.runs}`.padStart(5),
      `  same run, for reading the trend's latency on a shared machine`,
    ].join(' '),
  );
  for (const live of result.live) {
    if (typeof live === 'string') {
      console.log(`trend 180 d computed live: not measured: ${live}.`);
      continue;
    }
    const full = `${(live.fullMs / 1000).toFixed(1)} s for 180 d${live.extrapolated ? ' (EXTRAPOLATED)' : ''}`;
    console.log(
      [
        `trend 180 d computed live, ${live.engine}`.padEnd(40),
        `${live.points} pts in ${(live.ms / 1000).toFixed(1)} s`.padStart(20),
        full.padStart(30),
        `  snapshots ${Math.round(live.fullMs / trend.p50Ms).toLocaleString('en-US')}× faster (p50)`,
      ].join(' '),
    );
  }
  for (const run of result.runs) {
    if (typeof run === 'string') {
      console.log(run);
      continue;
    }
    const partial = run.cohorts < run.of;
    const perCohort = run.seconds / Math.max(1, run.cohorts);
    console.log(
      [
        `snapshot ${run.name}`.padEnd(40),
        `${run.cohorts}/${run.of} cohorts`.padStart(16),
        `${run.seconds.toFixed(1)} s`.padStart(9),
        `${(run.cohorts / run.seconds).toFixed(2)} cohorts/s`.padStart(17),
        `${Math.round(run.rows / run.seconds).toLocaleString('en-US')} member rows/s`.padStart(24),
        `RSS ${run.baseRssMb}→${run.peakRssMb} MB`.padStart(20),
        partial
          ? `  capped: 100 cohorts ≈ ${(perCohort * run.of).toFixed(0)} s (EXTRAPOLATED)`
          : '',
        `  (${run.rows.toLocaleString('en-US')} members, ${run.note})`,
      ].join(' '),
    );
  }
  console.log(
    'Baselines: the same 180-day trend computed live (computeMembersTrend: segment tables rebuilt as of ' +
      'each day, in process, no HTTP, which favours it). RSS is this process (DuckDB runs in it; ' +
      'PostgreSQL server memory is not included).',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printCohortsBench();
