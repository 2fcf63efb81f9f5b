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
