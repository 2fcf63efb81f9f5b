/**
 * A fixed budget of hits per key in a sliding window, in memory (the embedded provider runs
 * as one process). Unlike the sign-in throttle, which counts failures, this counts every
 * request, and says when the next one will be accepted (the answer's `Retry-After`).
 */
export interface RateWindow {
  /** Counts one hit for each key; when any key is over budget, counts nothing and refuses. */
  hit(keys: string[]): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

const MAX_KEYS = 10_000;

export function createRateWindow({
  limit,
  windowMs,
  now = () => Date.now(),
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateWindow {
  const hits = new Map<string, number[]>();

  const recent = (key: string, at: number) =>
    (hits.get(key) ?? []).filter((time) => time > at - windowMs);

  return {
    hit(keys) {
      const at = now();
      const current = keys.map((key) => ({ key, times: recent(key, at) }));
      const full = current.filter(({ times }) => times.length >= limit);
      if (full.length) {
        // The budget frees up when the oldest hit in the window leaves it.
        const freeAt = Math.max(...full.map(({ times }) => times[0]! + windowMs));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - at) / 1000)) };
      }
      for (const { key, times } of current) {
        hits.delete(key); // re-inserted last: the map's order stays oldest-used first
        hits.set(key, [...times, at]);
      }
      // Bounded memory under a flood of distinct keys: forget the least recently used.
      while (hits.size > MAX_KEYS) hits.delete(hits.keys().next().value!);
      return { allowed: true };
    },
  };
}
