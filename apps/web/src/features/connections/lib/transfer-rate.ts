/** Bytes as people read them (1,000-based, as browsers and file managers show sizes). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "42 s", "3 min", "1 h 5 min": the time an upload still needs at its current speed. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

interface Sample {
  at: number;
  bytes: number;
}

/**
 * Speed over the last few seconds of samples (not since the start, so a resumed upload or a
 * slow start does not skew it), and the time left at that speed.
 */
export class TransferRate {
  private samples: Sample[] = [];

  constructor(private readonly windowMs = 5000) {}

  add(bytes: number, at = Date.now()): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs)
      this.samples.shift();
  }

  /** Bytes per second, or null before two samples a moment apart. */
  speed(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 200) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  secondsLeft(total: number): number | null {
    const speed = this.speed();
    const last = this.samples.at(-1);
    if (!speed || !last) return null;
    return (total - last.bytes) / speed;
  }
}
