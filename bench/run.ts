import { benchSegments, type ExportResult } from './segments.bench.js';
import type { LatencyResult } from './latency.js';
import { benchUsersMe, type LoadResult } from './user-me.bench.js';

function row(result: LoadResult, baseline: LoadResult): string {
  const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
  return [
    result.name.padEnd(28),
    `${Math.round(result.requestsPerSecond)} req/s`.padStart(12),
    `p50 ${result.p50Ms} ms`.padStart(10),
    `p99 ${result.p99Ms} ms`.padStart(10),
    `${(ratio * 100).toFixed(1)}% of baseline`.padStart(20),
    result.non2xx ? `  (${result.non2xx} non-2xx!)` : '',
  ].join(' ');
}

const [baseline, ...results] = await benchUsersMe();
console.log('\nAPI throughput (10 connections, 127.0.0.1, bounded run)');
console.log(row(baseline!, baseline!));
for (const result of results) console.log(row(result, baseline!));

/** The targets (issue #4, "Benchmarks"): p50 in ms, export rows/s. */
const PAGE_TARGETS: Record<string, number> = {
  'accounts: 3 filters+search+sort': 40,
  'accounts sorted by computed col': 60,
};
const EXPORT_TARGET_ROWS_PER_SECOND = 1_000_000;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function latencyRow(result: LatencyResult, live: LatencyResult): string {
  const target = PAGE_TARGETS[result.name];
  return [
    result.name.padEnd(34),
    `p50 ${result.p50Ms} ms`.padStart(14),
    `p95 ${result.p95Ms} ms`.padStart(14),
    `n=${result.runs}`.padStart(5),
    `${(live.p50Ms / result.p50Ms).toFixed(1)}× faster than live`.padStart(26),
    target ? `  target p50 ≤ ${target} ms: ${met(result.p50Ms <= target)}` : '',
    `  (${result.note})`,
  ].join(' ');
}

function exportRow(result: ExportResult): string {
  const flat = result.peakRssMb - result.baseRssMb < 512;
  return [
    result.name.padEnd(34),
    `${result.rows} rows`.padStart(14),
    `${result.seconds.toFixed(2)} s`.padStart(9),
    `${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s`.padStart(18),
    `RSS ${result.baseRssMb}→${result.peakRssMb} MB`.padStart(20),
    `  target ≥ 1M rows/s: ${met(result.rowsPerSecond >= EXPORT_TARGET_ROWS_PER_SECOND)},`,
    `flat memory (< 512 MB growth): ${met(flat)}`,
  ].join(' ');
}

const segments = await benchSegments();
console.log(`\nSegments on DuckDB through HTTP with auth (127.0.0.1, sequential, 3 warm-ups)`);
console.log(`Data: ${segments.dataSize}`);
console.log(latencyRow(segments.baseline, segments.baseline));
for (const result of segments.pages) console.log(latencyRow(result, segments.baseline));
for (const result of segments.exports) console.log(exportRow(result));
console.log(
  'The live baseline computes the page from `events` with GROUP BY on each request (DuckDB, in process, no HTTP).',
);
if (typeof segments.postgres === 'string') {
  console.log(`PostgreSQL warehouse not measured: ${segments.postgres}.`);
} else {
  const pgLive = segments.postgres.at(-1)!;
  console.log('\nSegments on the PostgreSQL warehouse (SegmentReader in process, no HTTP)');
  console.log(latencyRow(pgLive, pgLive));
  for (const result of segments.postgres.slice(0, -1)) {
    console.log(latencyRow({ ...result, name: result.name.replace(/^PG /, '') }, pgLive));
  }
  console.log(
    'The PostgreSQL live baseline computes the page from `events` with GROUP BY per request.',
  );
}
await (await import('./cohorts.bench.js')).printCohortsBench();
await (await import('./sources.bench.js')).printSourcesBench();
await (await import('./alerts.bench.js')).printAlertsBench();
await (await import('./plays.bench.js')).printPlaysBench();
