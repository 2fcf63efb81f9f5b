import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { startChildClient } from './child-client.js';
import { listenSignedIn, type SignedInApp } from './listen-signed-in.js';
import { withPeakRss } from './peak-rss.js';
import { createBenchSourceDatabase, writeBenchCsv } from './source-data.js';
import type { UploadRequest, UploadResult } from './upload-client.js';

const ROWS = Number(process.env.BENCH_SOURCE_ROWS ?? 1_000_000);
const COMPOSER = '/composer/api/v1';
/**
 * tus PATCH size: a resumable client's usual chunking (the SPA's tus-js-client sends the rest
 * of the file in one PATCH), sent by a client in its own process as a browser is.
 */
const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

interface SyncAnswer {
  status: string;
  rowsWritten: number;
  error: string | null;
}

async function api<T>(app: SignedInApp, method: string, url: string, body?: unknown) {
  const response = await fetch(`${app.address}${COMPOSER}/${url}`, {
    method,
    headers: { ...app.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Polls a run every 50 ms (the SPA polls `syncs/{id}` too, every second) until it ends;
 * throws unless it succeeded.
 */
async function waitForRun(app: SignedInApp, read: () => Promise<SyncAnswer | null>) {
  for (;;) {
    const run = await read();
    if (run && ['succeeded', 'failed', 'cancelled'].includes(run.status)) {
      if (run.status !== 'succeeded') throw new Error(`sync ${run.status}: ${run.error ?? ''}`);
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * DuckDB's own `read_csv` of the file into a table, in a fresh database: in memory, or in a
 * DuckDB file (`database`), which is what the product must do (persist the rows).
 */
async function nativeReadCsv(file: string, database = ':memory:'): Promise<number> {
  const instance = await DuckDBInstance.create(database);
  const connection = await instance.connect();
  try {
    const started = performance.now();
    await connection.run(`CREATE TABLE t AS SELECT * FROM read_csv('${file}')`);
    return (performance.now() - started) / 1000;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export interface CsvSourceResult {
  rows: number;
  megabytes: number;
  nativeSeconds: number;
  /** The same into a table in a DuckDB file: the baseline of the targets. */
  persistentSeconds: number;
  endToEndSeconds: number;
  uploadSeconds: number;
  /** The same file uploaded at `PACED_BYTES_PER_SECOND`, as over a network. */
  paced: { endToEndSeconds: number; uploadSeconds: number };
}

/**
 * A fast network link (320 Mbit/s) for the paced upload: the client is then no longer on the
 * server's two cores for the whole upload, as a browser is not.
 */
const PACED_BYTES_PER_SECOND = 40e6;

/** Uploads the file (tus) and waits until the sync it starts has landed every row. */
async function uploadAndSync(app: SignedInApp, file: string, bytesPerSecond?: number) {
  const uploader = await startChildClient<UploadRequest, UploadResult>(
    new URL('./upload-client.ts', import.meta.url),
  );
  try {
    const started = performance.now();
    const { syncId } = await uploader.ask({
      endpoint: `${app.address}/transfer/files`,
      headers: app.headers,
      file,
      fileName: 'bench.csv',
      chunkBytes: UPLOAD_CHUNK_BYTES,
      ...(bytesPerSecond ? { bytesPerSecond } : {}),
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    if (!syncId) throw new Error('the finished upload started no sync');
    const run = await waitForRun(app, () => api<SyncAnswer>(app, 'GET', `syncs/${syncId}`));
    if (run.rowsWritten !== ROWS) throw new Error(`wrote ${run.rowsWritten} of ${ROWS} rows`);
    return { uploadSeconds, endToEndSeconds: (performance.now() - started) / 1000 };
  } finally {
    uploader.close();
  }
}

/** 1M × 12 CSV: upload (tus) + sync end to end, against DuckDB's `read_csv` of the file. */
export async function benchCsvSource(dir: string): Promise<CsvSourceResult> {
  const file = path.join(dir, 'bench.csv');
  const bytes = await writeBenchCsv(file, ROWS);
  const nativeSeconds = await nativeReadCsv(file);
  const persistentSeconds = await nativeReadCsv(file, path.join(dir, 'baseline.duckdb'));
  const app = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    { REVLANE_DATA_DIR: path.join(dir, 'csv-app'), JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
  );
  try {
    // The first request provisions the bench user: not part of the upload.
    await api(app, 'GET', 'sources');
    const fast = await uploadAndSync(app, file);
    const paced = await uploadAndSync(app, file, PACED_BYTES_PER_SECOND);
    return {
      rows: ROWS,
      megabytes: bytes / 1e6,
      nativeSeconds,
      persistentSeconds,
      ...fast,
      paced,
    };
  } finally {
    await app.app.close();
    await app.database.close();
  }
}

export interface PostgresSourceResult {
  rows: number;
  seconds: number;
  copySeconds: number;
  baseRssMb: number;
  peakRssMb: number;
}

/** The floor: PostgreSQL's `COPY … TO STDOUT` of the table into a file, nothing else. */
async function rawCopy(url: URL, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const started = performance.now();
    await pipeline(
      client.query(copyTo('COPY (SELECT * FROM events_src) TO STDOUT (FORMAT csv, HEADER)')),
      createWriteStream(file),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** A 1M-row PostgreSQL table synced into DuckDB: rows/s and the process's peak RSS growth. */
export async function benchPostgresSource(dir: string): Promise<PostgresSourceResult | string> {
  const remote = await createBenchSourceDatabase(ROWS);
  if (!remote) return 'no PostgreSQL server answers (set BENCH_SOURCE_DATABASE_URL)';
  const app = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    {
      REVLANE_DATA_DIR: path.join(dir, 'pg-app'),
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
    },
  );
  try {
    const copySeconds = await rawCopy(remote.url, path.join(dir, 'copy.csv'));
    const source = await api<{ id: string }>(app, 'POST', 'sources', {
      type: 'postgres',
      name: 'Bench DB',
      config: {
        host: remote.url.hostname,
        port: Number(remote.url.port || 5432),
        database: remote.url.pathname.slice(1),
        user: decodeURIComponent(remote.url.username),
        ...(remote.url.password ? { password: decodeURIComponent(remote.url.password) } : {}),
        tlsMode: 'disable',
      },
    });
    await api(app, 'PATCH', `sources/${source.id}`, { selectedTables: [{ name: 'events_src' }] });
    global.gc?.();
    const measured = await withPeakRss(async () => {
      const started = performance.now();
      const { id } = await api<{ id: string }>(app, 'POST', `sources/${source.id}/syncs`);
      const run = await waitForRun(app, () => api<SyncAnswer>(app, 'GET', `syncs/${id}`));
      if (run.rowsWritten !== ROWS) throw new Error(`wrote ${run.rowsWritten} of ${ROWS} rows`);
      return (performance.now() - started) / 1000;
    });
    return {
      rows: ROWS,
      seconds: measured.value,
      copySeconds,
      baseRssMb: measured.baseMb,
      peakRssMb: measured.peakMb,
    };
  } finally {
    await app.app.close();
    await app.database.close();
    await remote.drop();
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const perSecond = (rows: number, seconds: number) =>
  `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`;

/** Prints both source benches (the targets in bench/README.md) with their same-run baselines. */
export async function printSourcesBench(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'revlane-bench-sources-'));
  try {
    const csv = await benchCsvSource(dir);
    const ratio = csv.persistentSeconds / csv.endToEndSeconds;
    console.log(`\nCSV source: ${csv.rows.toLocaleString('en-US')} rows × 12 columns`);
    console.log(
      `  DuckDB read_csv into memory              ${csv.nativeSeconds.toFixed(2)} s  ${perSecond(csv.rows, csv.nativeSeconds)}`,
    );
    console.log(
      `  DuckDB read_csv into a file (baseline)   ${csv.persistentSeconds.toFixed(2)} s  ${perSecond(csv.rows, csv.persistentSeconds)}`,
    );
    console.log(
      `  tus upload + sync, end to end            ${csv.endToEndSeconds.toFixed(2)} s  ${perSecond(csv.rows, csv.endToEndSeconds)}` +
        `  (upload ${csv.uploadSeconds.toFixed(2)} s of ${csv.megabytes.toFixed(0)} MB)`,
    );
    console.log(
      `  ${ratio.toFixed(2)}× the persistent baseline: target ≥ 0.7× ${met(ratio >= 0.7)}; ` +
        `target ≥ 1M rows/s ${met(csv.rows / csv.endToEndSeconds >= 1_000_000)}`,
    );
    const afterLastByte = csv.paced.endToEndSeconds - csv.paced.uploadSeconds;
    console.log(
      `  at ${PACED_BYTES_PER_SECOND / 1e6} MB/s (a network): ${csv.paced.endToEndSeconds.toFixed(2)} s end to end ` +
        `(upload ${csv.paced.uploadSeconds.toFixed(2)} s), done ${afterLastByte.toFixed(2)} s after the last byte: ` +
        `target ≤ 0.5 s ${met(afterLastByte <= 0.5)}`,
    );
    const postgres = await benchPostgresSource(dir);
    if (typeof postgres === 'string') {
      console.log(`\nPostgreSQL source not measured: ${postgres}.`);
      return;
    }
    const growth = postgres.peakRssMb - postgres.baseRssMb;
    console.log(
      `\nPostgreSQL source: ${postgres.rows.toLocaleString('en-US')} rows × 10 columns into DuckDB`,
    );
    console.log(
      `  COPY TO STDOUT into a file (baseline)    ${postgres.copySeconds.toFixed(2)} s  ${perSecond(postgres.rows, postgres.copySeconds)}`,
    );
    console.log(
      `  sync (job, COPY, load, swap)             ${postgres.seconds.toFixed(2)} s  ${perSecond(postgres.rows, postgres.seconds)}` +
        `  ${(postgres.copySeconds / postgres.seconds).toFixed(2)}× the bare COPY`,
    );
    console.log(
      `  RSS ${postgres.baseRssMb}→${postgres.peakRssMb} MB: target ≥ 300k rows/s ` +
        `${met(postgres.rows / postgres.seconds >= 300_000)}; growth ≤ 200 MB ${met(growth <= 200)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printSourcesBench();
