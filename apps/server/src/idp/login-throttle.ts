/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for one key within
 * `windowMs`, further attempts are refused until the oldest failure has left the window. In
 * memory, per process: with several web processes each counts its own share, and the strict
 * rate limit on the sign-in routes, counted across processes, bounds the sum (ADR 0035).
 */
export interface LoginThrottle {
  isBlocked(key: string): boolean;
  /** Seconds until the key may try again (0 when it is not blocked). */
  retryAfterSeconds(key: string): number;
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
    retryAfterSeconds(key) {
      const kept = recent(key);
      if (kept.length < maxFailures) return 0;
      // Free again once enough failures have aged out to fall below the maximum.
      const freedAt = kept[kept.length - maxFailures]! + windowMs;
      return Math.max(1, Math.ceil((freedAt - now()) / 1000));
    },
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

/**
 * The two throttles of the sign-in form: one email from one address (someone guessing a
 * password), and one address across every email (password spraying: a few common passwords
 * tried against many accounts, which a per-email count never sees).
 */
export interface SignInThrottle {
  /** Seconds to wait before this email may be tried from this address again; 0 = go ahead. */
  retryAfterSeconds(email: string, ip: string): number;
  recordFailure(email: string, ip: string): void;
  /** A success clears the email's count, never the address's: one known account must not
   * let a sprayer start over. */
  recordSuccess(email: string, ip: string): void;
}

export function createSignInThrottle({
  perAccount = createLoginThrottle({ maxFailures: 10 }),
  perAddress = createLoginThrottle({ maxFailures: 30 }),
}: { perAccount?: LoginThrottle; perAddress?: LoginThrottle } = {}): SignInThrottle {
  const accountKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;
  return {
    retryAfterSeconds: (email, ip) =>
      Math.max(
        perAccount.retryAfterSeconds(accountKey(email, ip)),
        perAddress.retryAfterSeconds(ip),
      ),
    recordFailure(email, ip) {
      perAccount.recordFailure(accountKey(email, ip));
      perAddress.recordFailure(ip);
    },
    recordSuccess: (email, ip) => perAccount.reset(accountKey(email, ip)),
  };
}
