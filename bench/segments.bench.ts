import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteIdentifier, schemaNameFor } from '../apps/server/src/warehouse/engine/identifiers.js';
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

export interface SegmentsBenchResult {
  dataSize: string;
  pages: LatencyResult[];
  baseline: LatencyResult;
  exports: ExportResult[];
  /** Pages and live baseline on PostgreSQL, or why they were not measured. */
  postgres: LatencyResult[] | string;
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

async function getJson(h: Harness, url: string): Promise<{ data: { total?: number } }> {
  const response = await fetch(`${h.address}${url}`, { headers: h.headers });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: { total?: number } };
}

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

interface PageScenario {
  name: string;
  segment: 'All accounts' | 'Active users';
  table: 'accounts' | 'users';
  columns: string[];
  filters?: { field: string; operator: string; value: unknown }[];
  search?: string;
  sortBy?: { field: string; isDescending: boolean }[];
  groupBy?: [string, string];
}

const ACCOUNT_COLUMNS = ['name', 'domain', 'plan', 'mrr', 'lifecycle_stage', 'events_30d'];
const PAGE_SCENARIOS: PageScenario[] = [
  {
    name: 'accounts: 3 filters+search+sort',
    segment: 'All accounts',
    table: 'accounts',
    columns: ACCOUNT_COLUMNS,
    filters: [
      { field: 'plan', operator: 'eq', value: 'pro' },
      { field: 'mrr', operator: 'gt', value: 100 },
      { field: 'lifecycle_stage', operator: 'eq', value: 'active' },
    ],
    search: 'a',
    sortBy: [{ field: 'mrr', isDescending: true }],
  },
  {
    name: 'users with account columns',
    segment: 'Active users',
    table: 'users',
    columns: ['name', 'email', 'account_name', 'account_plan', 'account_mrr'],
    sortBy: [{ field: 'account_mrr', isDescending: true }],
  },
  {
    name: 'accounts sorted by computed col',
    segment: 'All accounts',
    table: 'accounts',
    columns: [...ACCOUNT_COLUMNS, 'active_users_7d'],
    sortBy: [{ field: 'active_users_7d', isDescending: true }],
  },
  {
    name: 'accounts grouped by 2 columns',
    segment: 'All accounts',
    table: 'accounts',
    columns: ACCOUNT_COLUMNS,
    groupBy: ['plan', 'lifecycle_stage'],
  },
];
const PER_PAGE = 50;

/** The scenario as the page's URL query (docs/product.md §7 serialisation). */
function httpQuery(scenario: PageScenario): Record<string, string> {
  const query: Record<string, string> = {
    columns: JSON.stringify(scenario.columns),
    perPage: String(PER_PAGE),
  };
  if (scenario.filters) query.filters = JSON.stringify(scenario.filters);
  if (scenario.search) query.search = scenario.search;
  if (scenario.sortBy)
    query.sortBy = scenario.sortBy
      .map((sort) => `${sort.isDescending ? '-' : '+'}${sort.field}`)
      .join(',');
  if (scenario.groupBy) [query.pivot, query.pivot_identifier] = scenario.groupBy;
  return query;
}

const EXPORT_FILTER = {
  filters: JSON.stringify([{ field: 'account_plan', operator: 'eq', value: 'enterprise' }]),
};

async function pageScenarios(h: Harness): Promise<LatencyResult[]> {
  const results: LatencyResult[] = [];
  for (const scenario of PAGE_SCENARIOS) {
    const url = `${API}/segments/${h.segment(scenario.segment)}/data?${qs(httpQuery(scenario))}`;
    results.push(
      await measure(scenario.name, async () => `total ${(await getJson(h, url)).data.total}`),
    );
  }
  return results;
}

/**
 * The same pages on the PostgreSQL warehouse (`BENCH_DATABASE_URL`, organization
 * `REVLANE_BENCH_ORG`), through SegmentReader in process: the metadata organization of the
 * HTTP app has a fresh id, the loaded schema has the bench one.
 */
async function postgresPages(url: string, orgId: string): Promise<LatencyResult[] | string> {
  const warehouse = openWarehouse({ warehouseUrl: url, dataDir: tmpdir() });
  try {
    const reader = new SegmentReader(warehouse);
    if ((await reader.status(orgId)).state !== 'ready')
      return `no loaded warehouse for organization ${orgId} at BENCH_DATABASE_URL (see README)`;
    const results: LatencyResult[] = [];
    for (const scenario of PAGE_SCENARIOS) {
      const input: SegmentQueryInput = {
        orgId,
        table: scenario.table,
        columns: scenario.columns,
        filters: scenario.filters,
        search: scenario.search,
        sortBy: scenario.sortBy,
        groupBy: scenario.groupBy,
        perPage: PER_PAGE,
      };
      results.push(
        await measure(`PG ${scenario.name}`, async () => {
          const page = scenario.groupBy ? await reader.groups(input) : await reader.page(input);
          return `total ${page.total}`;
        }),
      );
    }
    results.push(await postgresLive(warehouse, orgId));
    return results;
  } finally {
    await warehouse.close();
  }
}

/** The live baseline on PostgreSQL's canonical tables of the organization's schema. */
async function postgresLive(warehouse: Warehouse, orgId: string): Promise<LatencyResult> {
  const schema = quoteIdentifier(schemaNameFor(orgId));
  const [{ as_of: asOf }] = (await warehouse.query(orgId, {
    sql: `SELECT max(occurred_at) AS as_of FROM ${schema}.events`,
    params: [],
  })) as [{ as_of: string }];
  const live = `WITH m AS (
      SELECT e.account_id,
        count(*) FILTER (WHERE e.occurred_at > $1::timestamptz - INTERVAL '30 days') AS events_30d,
        count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > $1::timestamptz - INTERVAL '7 days') AS active_users_7d,
        max(e.occurred_at) AS last_seen_at
      FROM ${schema}.events e GROUP BY e.account_id)
    SELECT a.id, a.name, a.plan, a.mrr, m.events_30d, m.active_users_7d, m.last_seen_at
    FROM ${schema}.accounts a LEFT JOIN m ON m.account_id = a.id
    WHERE ${LIVE_WHERE}`;
  return measure('PG LIVE baseline: accounts page', async () => {
    const [page, count] = await Promise.all([
      warehouse.query(orgId, {
        sql: `${live} ORDER BY a.mrr DESC NULLS LAST LIMIT 50`,
        params: [asOf],
      }),
      warehouse.query(orgId, { sql: `SELECT count(*) AS total FROM (${live}) q`, params: [asOf] }),
    ]);
    return `${page.length} rows, total ${Number(count[0]?.total)}`;
  });
}

const LIVE_WHERE = `a.plan = 'pro' AND a.mrr > 100 AND a.lifecycle_stage = 'active'
    AND (strpos(lower(a.name), 'a') > 0 OR strpos(lower(a.domain), 'a') > 0
      OR strpos(lower(a.billing_email), 'a') > 0)`;

/** `POST export-tickets` (untimed): the ticket for one export download. */
async function exportTicket(h: Harness): Promise<string> {
  const segment = h.segment('Active users');
  const response = await fetch(`${h.address}${API}/segments/${segment}/export-tickets`, {
    method: 'POST',
    headers: { ...h.headers, 'content-type': 'application/json' },
    body: JSON.stringify(EXPORT_FILTER),
  });
  if (response.status !== 201) throw new Error(`export-tickets: ${response.status}`);
  return ((await response.json()) as { data: { ticket: string } }).data.ticket;
}

/**
 * `GET export?…&token=`, downloaded by a client in another process. The first (warm-up)
 * download counts the file's lines; later ones only its bytes, which must be the same (the
 * data and query do not change), so the client spends no more CPU than a browser saving it.
 */
function httpExporter(h: Harness, client: DownloadProcess) {
  let counted: { rows: number; bytes: number } | null = null;
  return async (ticket: string): Promise<number> => {
    const segment = h.segment('Active users');
    const url = `${h.address}${API}/segments/${segment}/export?${qs({ ...EXPORT_FILTER, token: ticket })}`;
    const { status, lines, bytes } = await client.download({ url, countLines: !counted });
    if (status !== 200) throw new Error(`export: ${status}`);
    if (!counted) counted = { rows: lines! - 1, bytes };
    else if (bytes !== counted.bytes)
      throw new Error(`export: ${bytes} bytes, first ${counted.bytes}`);
    return counted.rows;
  };
}

/** The reader's engine-native CSV (DuckDB COPY) in process, for comparison with the route. */
async function exportNative(h: Harness): Promise<number> {
  const { chunks } = await h.warehouse.reader.exportCsv({
    orgId: h.orgId,
    table: 'users',
    columns: ['name', 'email', 'title', 'role', 'events_7d', 'active_days_30d', 'last_seen_at'],
    filters: [{ field: 'account_plan', operator: 'eq', value: 'enterprise' }],
    sortBy: [{ field: 'events_7d', isDescending: true }],
  });
  let lines = 0;
  for await (const chunk of chunks) lines += countLines(chunk);
  return lines - 1;
}

/**
 * The live, non-materialised baseline: the same accounts page computed from `events` with
 * GROUP BY at request time, as a typical tool does, on DuckDB's canonical tables in process
 * (no HTTP, so the comparison favours the baseline).
 */
async function liveBaseline(file: string): Promise<LatencyResult> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  const asOf = (
    await connection.runAndReadAll('SELECT max(occurred_at) FROM events')
  ).getRows()[0]![0];
  const live = `WITH m AS (
      SELECT e.account_id,
        count(*) FILTER (WHERE e.occurred_at > TIMESTAMP '${String(asOf)}' - INTERVAL 30 DAY) AS events_30d,
        count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > TIMESTAMP '${String(asOf)}' - INTERVAL 7 DAY) AS active_users_7d,
        max(e.occurred_at) AS last_seen_at
      FROM events e GROUP BY e.account_id)
    SELECT a.id, a.name, a.plan, a.mrr, m.events_30d, m.active_users_7d, m.last_seen_at
    FROM accounts a LEFT JOIN m ON m.account_id = a.id WHERE ${LIVE_WHERE}`;
  try {
    return await measure('LIVE baseline: accounts page', async () => {
      const [page, count] = await Promise.all([
        connection.runAndReadAll(`${live} ORDER BY a.mrr DESC NULLS LAST LIMIT 50`),
        connection.runAndReadAll(`SELECT count(*) FROM (${live})`),
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
    let pages: LatencyResult[];
    let exports: ExportResult[];
    try {
      pages = await pageScenarios(h);
      const client = await startDownloadProcess();
      exports = [
        await measureExport(
          'export via HTTP (route)',
          () => exportTicket(h),
          httpExporter(h, client),
        ).finally(() => client.close()),
        await measureExport(
          'export native (reader.exportCsv)',
          () => Promise.resolve(),
          () => exportNative(h),
        ),
      ];
    } finally {
      await h.close();
    }
    const baseline = await liveBaseline(data.file);
    const url = process.env.BENCH_DATABASE_URL;
    const postgres = url
      ? await postgresPages(url, process.env.REVLANE_BENCH_ORG ?? 'bench')
      : 'BENCH_DATABASE_URL is not set';
    return { dataSize: data.size, pages, baseline, exports, postgres };
  } finally {
    data.cleanup();
  }
}
