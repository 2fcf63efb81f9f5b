const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** This process's resident memory (MB) before `work` and its peak while it ran, sampled. */
export async function withPeakRss<T>(
  work: () => Promise<T>,
  sampleMs = 50,
): Promise<{ value: T; baseMb: number; peakMb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), sampleMs);
  try {
    const value = await work();
    return { value, baseMb: mb(base), peakMb: mb(Math.max(peak, process.memoryUsage.rss())) };
  } finally {
    clearInterval(timer);
  }
}
