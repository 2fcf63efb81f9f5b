/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for one email from one
 * address within `windowMs`, further attempts are refused until the window has passed. In
 * memory, per process: enough for the embedded provider, which runs as one process.
 */
export interface LoginThrottle {
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
  reset(key: string): void;
}

export function createLoginThrottle({
  maxFailures = 10,
  windowMs = 15 * 60 * 1000,
  now = () => Date.now(),
}: { maxFailures?: number; windowMs?: number; now?: () => number } = {}): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const since = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };

  return {
    isBlocked: (key) => recent(key).length >= maxFailures,
    recordFailure(key) {
      const kept = recent(key);
      kept.push(now());
      failures.set(key, kept);
      // Bounded memory under a flood of distinct keys: forget the oldest entries.
      if (failures.size > 10_000) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
    },
    reset: (key) => void failures.delete(key),
  };
}

export function throttleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}
