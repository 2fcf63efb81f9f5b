import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SegmentDetail } from '@revlane/contracts';
import {
  loadDemoData,
  openWarehouse,
  SegmentReader,
  type SegmentQueryInput,
  type Warehouse,
} from '../apps/server/src/warehouse/index.js';
import { API, startBenchApp, type BenchApp } from './bench-app.js';
import { measure, type LatencyResult } from './latency.js';
import { startDownloadProcess, type DownloadProcess } from './download-process.js';
import { countLines, measureExport, type ExportResult } from './export-measure.js';

export type { ExportResult } from './export-measure.js';

const BENCH_SIZE = { accounts: 200_000, users: 2_000_000, events: 20_000_000 };
const SMALL_SIZE = { accounts: 20_000, users: 200_000, events: 2_000_000 };

/** The four page scenarios: each call a query no cache has seen, and the same repeated. */
export interface PageRows {
  /** Every call (warm-ups too) a query the reader's page and count caches have not seen. */
  pages: LatencyResult[];
  /** One identical request repeated: what the page cache (ADR 0020) serves. */
  cacheHits: LatencyResult[];
}

export interface SegmentsBenchResult extends PageRows {
  dataSize: string;
  baseline: LatencyResult;
  /** The route's export and the engine-native one, of the same rows (checked). */
  exports: ExportResult[];
  /** Pages and live baseline on PostgreSQL, or why they were not measured. */
  postgres: (PageRows & { baseline: LatencyResult }) | string;
}

/**
 * The warehouse directory of the benchmark data: `REVLANE_BENCH_WAREHOUSE_DIR` (default
 * /tmp/rvbench/warehouse) holding `<REVLANE_BENCH_ORG (default bench)>.duckdb`, as built by
 * `npm run demo-data -- --org bench --accounts 200000 --users 2000000 --events 20000000`
 * with REVLANE_DATA_DIR=/tmp/rvbench. Without it a smaller set is built in a temp directory.
 */
async function benchDataFile(): Promise<{ file: string; size: string; cleanup: () => void }> {
  const dir = process.env.REVLANE_BENCH_WAREHOUSE_DIR ?? '/tmp/rvbench/warehouse';
  const org = process.env.REVLANE_BENCH_ORG ?? 'bench';
  const file = path.join(dir, `${org}.duckdb`);
  if (existsSync(file)) {
    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const count = async (table: string) =>
      Number((await connection.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRows()[0]![0]);
    const size = `${await count('accounts')} accounts, ${await count('users')} users, ${await count('events')} events (${file})`;
    connection.closeSync();
    instance.closeSync();
    return { file, size, cleanup: () => {} };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-data-'));
  console.log(
    `No benchmark data at ${file}: building a SMALLER set (${SMALL_SIZE.accounts}/${SMALL_SIZE.users}/${SMALL_SIZE.events}); see bench/README.md`,
  );
  const warehouse = openWarehouse({ dataDir });
  await loadDemoData(warehouse, 'bench', SMALL_SIZE);
  await warehouse.close();
  return {
    file: path.join(dataDir, 'warehouse', 'bench.duckdb'),
    size: `SMALLER set: ${SMALL_SIZE.accounts} accounts, ${SMALL_SIZE.users} users, ${SMALL_SIZE.events} events (benchmark size is ${BENCH_SIZE.accounts}/${BENCH_SIZE.users}/${BENCH_SIZE.events})`,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

type Harness = BenchApp;

async function getJson<T>(h: Harness, url: string): Promise<{ data: T }> {
  const response = await fetch(`${h.address}${url}`, { headers: h.headers });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: T };
}

/** `GET segments/{id}`: the segment's base table, base filters, columns and sort. */
const segmentDetail = async (h: Harness, name: string) =>
  (await getJson<SegmentDetail>(h, `${API}/segments/${h.segment(name)}`)).data;

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

type Filter = { field: string; operator: string; value: unknown };

/**
 * Why each call's query differs (issue 22): the reader caches pages and counts per load,
 * compiled SQL and bound values (PerLoadCache, ADR 0020), so one request repeated times the
 * LRU, not the query. Call i (warm-ups included, `measure` numbers them) therefore binds a
 * value no earlier call bound, chosen so the work stays that of the original query:
 * - where the page has a range filter, its bound moves by a cent a call (`mrr > 100.01`,
 *   `> 100.02`, …; never the cache-hit row's `> 100`): MRR is in cents, so at most the few
 *   accounts between two bounds leave the result, and the page and count do the same work;
 * - where it has none, an always-true range filter is added with a bound further below zero
 *   each call (`mrr >= -1 - i`: MRR is 0 or more and never null; `events_7d >= -1 - i` under
 *   the Active users segment's own `events_7d > 0`): the result is exactly the original
 *   query's (checked on every call against it), at the cost of one more predicate on a
 *   column of the same wide table.
 * The live baselines bind the same `mrr` bound per call, so both sides do the same work.
 */
const mrrBound = (i: number) => (10_000 + 1 + i) / 100;
const alwaysTrueBound = (i: number) => -1 - i;

interface PageScenario {
  name: string;
  segment: 'All accounts' | 'Active users';
  table: 'accounts' | 'users';
  columns: string[];
  /** The request's filters: what the cache-hit row repeats. */
  filters: Filter[];
  /** Call i's filters, with a bound value no other call binds (see above). */
  varied: (i: number) => Filter[];
  /** The varied filter is always true: every call's total must equal the cache-hit query's. */
  sameTotal: boolean;
  search?: string;
  sortBy?: { field: string; isDescending: boolean }[];
  groupBy?: [string, string];
}

const ACCOUNT_COLUMNS = ['name', 'domain', 'plan', 'mrr', 'lifecycle_stage', 'events_30d'];
const PRO_ACTIVE = (mrr: number): Filter[] => [
  { field: 'plan', operator: 'eq', value: 'pro' },
  { field: 'mrr', operator: 'gt', value: mrr },
  { field: 'lifecycle_stage', operator: 'eq', value: 'active' },
];
const anyMrr = (i: number): Filter[] => [
  { field: 'mrr', operator: 'gte', value: alwaysTrueBound(i) },
];
const PAGE_SCENARIOS: PageScenario[] = [
  {
    name: 'accounts: 3 filters+search+sort',
    segment: 'All accounts',
    table: 'accounts',
    columns: ACCOUNT_COLUMNS,
    filters: PRO_ACTIVE(100),
    varied: (i) => PRO_ACTIVE(mrrBound(i)),
    sameTotal: false,
    search: 'a',
    sortBy: [{ field: 'mrr', isDescending: true }],
  },
  {
    name: 'users with account columns',
    segment: 'Active users',
    table: 'users',
    columns: ['name', 'email', 'account_name', 'account_plan', 'account_mrr'],
    filters: [],
    varied: (i) => [{ field: 'events_7d', operator: 'gte', value: alwaysTrueBound(i) }],
    sameTotal: true,
    sortBy: [{ field: 'account_mrr', isDescending: true }],
  },
  {
    name: 'accounts sorted by computed col',
    segment: 'All accounts',
    table: 'accounts',
    columns: [...ACCOUNT_COLUMNS, 'active_users_7d'],
    filters: [],
    varied: anyMrr,
    sameTotal: true,
    sortBy: [{ field: 'active_users_7d', isDescending: true }],
  },
  {
    name: 'accounts grouped by 2 columns',
    segment: 'All accounts',
    table: 'accounts',
    columns: ACCOUNT_COLUMNS,
    filters: [],
    varied: anyMrr,
    sameTotal: true,
    groupBy: ['plan', 'lifecycle_stage'],
  },
];
const PER_PAGE = 50;

/** The scenario with these filters as the page's URL query (docs/product.md §7 serialisation). */
function httpQuery(scenario: PageScenario, filters: Filter[]): Record<string, string> {
  const query: Record<string, string> = {
    columns: JSON.stringify(scenario.columns),
    perPage: String(PER_PAGE),
  };
  if (filters.length > 0) query.filters = JSON.stringify(filters);
  if (scenario.search) query.search = scenario.search;
  if (scenario.sortBy)
    query.sortBy = scenario.sortBy
      .map((sort) => `${sort.isDescending ? '-' : '+'}${sort.field}`)
      .join(',');
  if (scenario.groupBy) [query.pivot, query.pivot_identifier] = scenario.groupBy;
  return query;
}

/** A page's (or grouping's) total for the scenario with these filters. */
type ReadTotal = (scenario: PageScenario, filters: Filter[]) => Promise<number>;

/**
 * Per scenario: one untimed request of its fixed query (the reference total; its page and
 * count are cached from then on), the uncached row (call i binds `varied(i)`), then the
 * cache-hit row (the fixed query again and again).
 */
async function pageRows(prefix: string, read: ReadTotal): Promise<PageRows> {
  const rows: PageRows = { pages: [], cacheHits: [] };
  for (const scenario of PAGE_SCENARIOS) {
    const fixed = await read(scenario, scenario.filters);
    rows.pages.push(
      await measure(`${prefix}${scenario.name}`, async (i) => {
        const total = await read(scenario, scenario.varied(i));
        if (scenario.sameTotal && total !== fixed)
          throw new Error(`${scenario.name}: call ${i} counted ${total}, the fixed query ${fixed}`);
        return `total ${total}`;
      }),
    );
    rows.cacheHits.push(
      await measure(
        `${prefix}cache hit: ${scenario.name}`,
        async () => `total ${await read(scenario, scenario.filters)}`,
      ),
    );
  }
  return rows;
}

function httpPages(h: Harness): Promise<PageRows> {
  return pageRows('', async (scenario, filters) => {
    const url = `${API}/segments/${h.segment(scenario.segment)}/data?${qs(httpQuery(scenario, filters))}`;
    const { total } = (await getJson<{ total: number }>(h, url)).data;
    return total;
  });
}

/** The export's request: every active user of enterprise accounts. */
const EXPORT_FILTERS: Filter[] = [{ field: 'account_plan', operator: 'eq', value: 'enterprise' }];
const EXPORT_QUERY = { filters: JSON.stringify(EXPORT_FILTERS) };

/**
 * The same pages on the PostgreSQL warehouse (`BENCH_DATABASE_URL`, organization
 * `REVLANE_BENCH_ORG`), through SegmentReader in process (it caches pages and counts as the
 * app's does, so the same uncached and cache-hit rows): the metadata organization of the
 * HTTP app has a fresh id, the loaded schema has the bench one. `baseFilters` are the demo
 * segments' own, read from the HTTP app, so each page is the query the route would run.
 */
async function postgresPages(
  url: string,
  orgId: string,
  baseFilters: Record<PageScenario['segment'], unknown[]>,
): Promise<(PageRows & { baseline: LatencyResult }) | string> {
  const warehouse = openWarehouse({ warehouseUrl: url, dataDir: tmpdir() });
  try {
    const reader = new SegmentReader(warehouse);
    if ((await reader.status(orgId)).state !== 'ready')
      return `no loaded warehouse for organization ${orgId} at BENCH_DATABASE_URL (see README)`;
    const rows = await pageRows('PG ', async (scenario, filters) => {
      const input: SegmentQueryInput = {
        orgId,
        table: scenario.table,
        baseFilters: baseFilters[scenario.segment],
        columns: scenario.columns,
        filters,
        search: scenario.search,
        sortBy: scenario.sortBy,
        groupBy: scenario.groupBy,
        perPage: PER_PAGE,
      };
      const page = scenario.groupBy ? await reader.groups(input) : await reader.page(input);
      return page.total;
    });
    return { ...rows, baseline: await postgresLive(warehouse, orgId) };
  } finally {
    await warehouse.close();
  }
}

/**
 * The live baseline on PostgreSQL's canonical tables of the organization's schema; call i
 * binds the same `mrr` bound as call i of the first page scenario.
 */
async function postgresLive(warehouse: Warehouse, orgId: string): Promise<LatencyResult> {
  const table = (name: string) => warehouse.dialect.table(orgId, name);
  const [{ as_of: asOf }] = (await warehouse.query(orgId, {
    sql: `SELECT max(occurred_at) AS as_of FROM ${table('events')}`,
    params: [],
  })) as [{ as_of: string }];
  const live = `WITH m AS (
      SELECT e.account_id,
        count(*) FILTER (WHERE e.occurred_at > $1::timestamptz - INTERVAL '30 days') AS events_30d,
        count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > $1::timestamptz - INTERVAL '7 days') AS active_users_7d,
        max(e.occurred_at) AS last_seen_at
      FROM ${table('events')} e GROUP BY e.account_id)
    SELECT a.id, a.name, a.plan, a.mrr, m.events_30d, m.active_users_7d, m.last_seen_at
    FROM ${table('accounts')} a LEFT JOIN m ON m.account_id = a.id
    WHERE ${liveWhere('CAST($2 AS DOUBLE PRECISION)')}`;
  return measure('PG LIVE baseline: accounts page', async (i) => {
    const params = [asOf, mrrBound(i)];
    const [page, count] = await Promise.all([
      warehouse.query(orgId, { sql: `${live} ORDER BY a.mrr DESC NULLS LAST LIMIT 50`, params }),
      warehouse.query(orgId, { sql: `SELECT count(*) AS total FROM (${live}) q`, params }),
    ]);
    return `${page.length} rows, total ${Number(count[0]?.total)}`;
  });
}

/** The first page scenario's WHERE on the canonical accounts table, `mrr` above `bound`. */
function liveWhere(bound: string): string {
  return `a.plan = 'pro' AND a.mrr > ${bound} AND a.lifecycle_stage = 'active'
    AND (strpos(lower(a.name), 'a') > 0 OR strpos(lower(a.domain), 'a') > 0
      OR strpos(lower(a.billing_email), 'a') > 0)`;
}

/** `POST export-tickets` (untimed): the ticket for one export download. */
async function exportTicket(h: Harness): Promise<string> {
  const segment = h.segment('Active users');
  const response = await fetch(`${h.address}${API}/segments/${segment}/export-tickets`, {
    method: 'POST',
    headers: { ...h.headers, 'content-type': 'application/json' },
    body: JSON.stringify(EXPORT_QUERY),
  });
  if (response.status !== 201) throw new Error(`export-tickets: ${response.status}`);
  return ((await response.json()) as { data: { ticket: string } }).data.ticket;
}

/**
 * One export's file, the same each run (the data and query do not change): the first
 * (warm-up) run counts its lines, later ones only its bytes, which must be the first's.
 */
class ExportTally {
  first: { rows: number; bytes: number } | null = null;

  constructor(private readonly name: string) {}

  /** Whether this run counts lines (the first does). */
  get countsLines(): boolean {
    return this.first === null;
  }

  /** The file's data rows (lines less the header), after checking its bytes. */
  record(bytes: number, lines: number | null): number {
    if (!this.first) {
      if (lines === null) throw new Error(`${this.name}: the first run must count lines`);
      this.first = { rows: lines - 1, bytes };
    } else if (bytes !== this.first.bytes) {
      throw new Error(`${this.name}: ${bytes} bytes, first ${this.first.bytes}`);
    }
    return this.first.rows;
  }
}

/**
 * `GET export?…&token=`, downloaded by a client in another process, so the client spends no
 * more CPU than a browser saving it (lines counted on the first download only).
 */
function httpExporter(h: Harness, client: DownloadProcess, tally: ExportTally) {
  return async (ticket: string): Promise<number> => {
    const segment = h.segment('Active users');
    const url = `${h.address}${API}/segments/${segment}/export?${qs({ ...EXPORT_QUERY, token: ticket })}`;
    const { status, lines, bytes } = await client.download({ url, countLines: tally.countsLines });
    if (status !== 200) throw new Error(`export: ${status}`);
    return tally.record(bytes, lines);
  };
}

/**
 * What the export route reads for EXPORT_QUERY on the Active users segment
 * (resolveExportInput → toQueryInput): the segment's base table, base filters, columns and
 * sort as `GET segments/{id}` answers them (null settings filled with the defaults, as the
 * route does), the request's filters, no search, no grouping.
 */
async function routeExportInput(h: Harness): Promise<SegmentQueryInput> {
  const segment = await segmentDetail(h, 'Active users');
  return {
    orgId: h.orgId,
    table: segment.baseTable,
    baseFilters: segment.filters,
    filters: EXPORT_FILTERS,
    columns: segment.columns,
    sortBy: segment.sorting,
    groupBy: [],
  };
}

/**
 * The reader's engine-native CSV (DuckDB COPY) of the route's query, in process, without
 * HTTP: the same file as the route's (rows and bytes checked), lines counted on the first run
 * only as on the HTTP side.
 */
function nativeExporter(h: Harness, input: SegmentQueryInput, tally: ExportTally) {
  return async (): Promise<number> => {
    const { chunks } = await h.warehouse.reader.exportCsv(input);
    const withLines = tally.countsLines;
    let lines = 0;
    let bytes = 0;
    for await (const chunk of chunks) {
      if (withLines) lines += countLines(chunk);
      bytes += chunk.byteLength;
    }
    return tally.record(bytes, withLines ? lines : null);
  };
}

/** Both exports, of the same rows: throws unless their files have the same rows and bytes. */
async function exportRows(h: Harness): Promise<ExportResult[]> {
  const input = await routeExportInput(h);
  const httpTally = new ExportTally('export via HTTP');
  const nativeTally = new ExportTally('export native');
  const client = await startDownloadProcess();
  const http = await measureExport(
    'export via HTTP (route)',
    () => exportTicket(h),
    httpExporter(h, client, httpTally),
  ).finally(() => client.close());
  const native = await measureExport(
    'export native (reader.exportCsv)',
    () => Promise.resolve(),
    nativeExporter(h, input, nativeTally),
  );
  const [a, b] = [httpTally.first!, nativeTally.first!];
  if (a.rows !== b.rows || a.bytes !== b.bytes)
    throw new Error(
      `The exports differ: HTTP ${a.rows} rows (${a.bytes} bytes), native ${b.rows} rows (${b.bytes} bytes)`,
    );
  return [http, native];
}

/**
 * The live, non-materialised baseline: the same accounts page computed from `events` with
 * GROUP BY at request time, as a typical tool does, on DuckDB's canonical tables in process
 * (no HTTP, so the comparison favours the baseline). Call i binds the same `mrr` bound as
 * call i of the first page scenario.
 */
async function liveBaseline(file: string): Promise<LatencyResult> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  const asOf = (
    await connection.runAndReadAll('SELECT max(occurred_at) FROM events')
  ).getRows()[0]![0];
  const live = (i: number) => `WITH m AS (
      SELECT e.account_id,
        count(*) FILTER (WHERE e.occurred_at > TIMESTAMP '${String(asOf)}' - INTERVAL 30 DAY) AS events_30d,
        count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > TIMESTAMP '${String(asOf)}' - INTERVAL 7 DAY) AS active_users_7d,
        max(e.occurred_at) AS last_seen_at
      FROM events e GROUP BY e.account_id)
    SELECT a.id, a.name, a.plan, a.mrr, m.events_30d, m.active_users_7d, m.last_seen_at
    FROM accounts a LEFT JOIN m ON m.account_id = a.id
    WHERE ${liveWhere(`CAST(${mrrBound(i)} AS DOUBLE)`)}`;
  try {
    return await measure('LIVE baseline: accounts page', async (i) => {
      const [page, count] = await Promise.all([
        connection.runAndReadAll(`${live(i)} ORDER BY a.mrr DESC NULLS LAST LIMIT 50`),
        connection.runAndReadAll(`SELECT count(*) FROM (${live(i)})`),
      ]);
      return `${page.getRows().length} rows, total ${String(count.getRows()[0]![0])}`;
    });
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export async function benchSegments(): Promise<SegmentsBenchResult> {
  const data = await benchDataFile();
  try {
    const h = await startBenchApp(data.file, { place: 'link' });
    let pages: PageRows;
    let exports: ExportResult[];
    let baseFilters: Record<PageScenario['segment'], unknown[]>;
    try {
      pages = await httpPages(h);
      exports = await exportRows(h);
      baseFilters = {
        'All accounts': (await segmentDetail(h, 'All accounts')).filters,
        'Active users': (await segmentDetail(h, 'Active users')).filters,
      };
    } finally {
      await h.close();
    }
    const baseline = await liveBaseline(data.file);
    const url = process.env.BENCH_DATABASE_URL;
    const postgres = url
      ? await postgresPages(url, process.env.REVLANE_BENCH_ORG ?? 'bench', baseFilters)
      : 'BENCH_DATABASE_URL is not set';
    return { dataSize: data.size, ...pages, baseline, exports, postgres };
  } finally {
    data.cleanup();
  }
}
