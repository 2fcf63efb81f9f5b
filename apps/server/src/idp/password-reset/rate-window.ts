import type { RateCounter } from '../../platform/http/rate-limit-store.js';

/**
 * A fixed budget of hits per key in a window, counted in the rate limits' shared counter
 * (`app.rateCounter`), so every web process spends the same budget (ADR 0035). Unlike the
 * sign-in throttle, which counts failures, this counts every request, and says when the next
 * one will be accepted (the answer's `Retry-After`). The window is fixed, opened by a key's
 * first hit, rather than a sliding log of each hit: what the shared counter keeps in one row.
 */
export interface RateWindow {
  /** Counts one hit for each key; when any key is over budget, counts nothing and refuses. */
  hit(keys: string[]): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export function createRateWindow({
  counter,
  prefix,
  limit,
  windowMs,
}: {
  counter: RateCounter;
  /** Keeps this window's keys apart from every other count in the counter. */
  prefix: string;
  limit: number;
  windowMs: number;
}): RateWindow {
  return {
    async hit(keys) {
      // Read first (n = 0 opens no window), so a refused request spends nothing.
      const current = await Promise.all(keys.map((key) => counter.hit(prefix + key, windowMs, 0)));
      const full = current.filter(({ count }) => count >= limit);
      if (full.length) {
        const freeInMs = Math.max(...full.map(({ ttlMs }) => ttlMs));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(freeInMs / 1000)) };
      }
      const counted = await Promise.all(keys.map((key) => counter.hit(prefix + key, windowMs)));
      // Others got in between the read and the count: this one is over budget after all
      // (its hit stays counted, as the shared rate limits count refused requests too).
      const over = counted.filter(({ count }) => count > limit);
      if (over.length) {
        const freeInMs = Math.max(...over.map(({ ttlMs }) => ttlMs));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(freeInMs / 1000)) };
      }
      return { allowed: true };
    },
  };
}
