import { performance } from 'node:perf_hooks';

const WARM_UPS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Each scenario stops after this long even if fewer than RUNS requests were made. */
const SCENARIO_BUDGET_MS = Number(process.env.BENCH_SCENARIO_SECONDS ?? 60) * 1000;

/** One scenario's latency: how many runs were timed, their median and 95th percentile. */
export interface LatencyResult {
  name: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  /** e.g. the total the page reported. */
  note: string;
}

/** The p-th percentile of ascending `sorted` (nearest rank), rounded to 0.1 ms. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/**
 * Sequential runs after warm-ups, bounded in time; `run` returns a note (e.g. the total).
 * `run` gets the call's index (0, 1, 2, … over warm-ups and timed runs alike), so a scenario
 * can make each call a query no cache has seen (segments.bench.ts).
 */
export async function measure(
  name: string,
  run: (index: number) => Promise<string>,
): Promise<LatencyResult> {
  let note = '';
  let index = 0;
  for (; index < WARM_UPS; index += 1) note = await run(index);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < RUNS && performance.now() - started < SCENARIO_BUDGET_MS) {
    const t0 = performance.now();
    note = await run(index);
    times.push(performance.now() - t0);
    index += 1;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    runs: times.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    note,
  };
}
