import { performance } from 'node:perf_hooks';
import { withPeakRss } from './peak-rss.js';

export interface ExportResult {
  name: string;
  rows: number;
  /** The median run's duration. */
  seconds: number;
  rowsPerSecond: number;
  /** Highest resident memory seen during the measured runs, and before them. */
  peakRssMb: number;
  baseRssMb: number;
}

/** Measured runs after one warm-up (which loads the columns into DuckDB's buffer cache). */
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);

/** LF count (one per CSV record; a quoted line break inside a cell would count too). */
export function countLines(chunk: Uint8Array): number {
  const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let lines = 0;
  for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines += 1;
  return lines;
}

/**
 * Runs an export (`run` returns its data row count; `prepare`, untimed, e.g. gets a ticket)
 * once to warm up, then EXPORT_RUNS times,
 * sampling this process's resident memory (the server; an HTTP client runs in its own
 * process) every 20 ms; reports the
 * median run, so one stall of the shared machine does not make the number.
 */
export async function measureExport<T>(
  name: string,
  prepare: () => Promise<T>,
  run: (prepared: T) => Promise<number>,
): Promise<ExportResult> {
  await run(await prepare());
  const runs: { rows: number; seconds: number }[] = [];
  const { baseMb, peakMb } = await withPeakRss(async () => {
    for (let i = 0; i < EXPORT_RUNS; i += 1) {
      const prepared = await prepare();
      const started = performance.now();
      const rows = await run(prepared);
      runs.push({ rows, seconds: (performance.now() - started) / 1000 });
    }
  }, 20);
  runs.sort((a, b) => a.seconds - b.seconds);
  const median = runs[Math.floor(runs.length / 2)]!;
  return {
    name,
    rows: median.rows,
    seconds: median.seconds,
    rowsPerSecond: median.rows / median.seconds,
    peakRssMb: peakMb,
    baseRssMb: baseMb,
  };
}
