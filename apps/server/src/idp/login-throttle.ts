import type { RateCounter } from '../platform/http/rate-limit-store.js';

/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for one key, further
 * attempts are refused until the window opened by the key's first failure closes. Counted in
 * the rate limits' shared counter (`app.rateCounter`: PostgreSQL or Redis, in memory on
 * PGlite), so a sprayer spread over several web processes gets no more tries than one
 * (ADR 0035). A fixed window from the first failure rather than a sliding log of each one:
 * what the shared counter keeps in one row, and never lets more than `maxFailures` through
 * per window.
 */
export interface LoginThrottle {
  isBlocked(key: string): Promise<boolean>;
  /** Seconds until the key may try again (0 when it is not blocked). */
  retryAfterSeconds(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const WINDOW_MS = 15 * 60 * 1000;

export function createLoginThrottle({
  counter,
  prefix,
  maxFailures = 10,
  windowMs = WINDOW_MS,
}: {
  counter: RateCounter;
  /** Keeps this throttle's keys apart from every other count in the counter. */
  prefix: string;
  maxFailures?: number;
  windowMs?: number;
}): LoginThrottle {
  async function retryAfterSeconds(key: string) {
    // n = 0: reads the count, opens no window.
    const { count, ttlMs } = await counter.hit(prefix + key, windowMs, 0);
    return count < maxFailures ? 0 : Math.max(1, Math.ceil(ttlMs / 1000));
  }
  return {
    isBlocked: async (key) => (await retryAfterSeconds(key)) > 0,
    retryAfterSeconds,
    async recordFailure(key) {
      await counter.hit(prefix + key, windowMs);
    },
    reset: (key) => counter.reset(prefix + key),
  };
}

/**
 * The two throttles of the sign-in form: one email from one address (someone guessing a
 * password), and one address across every email (password spraying: a few common passwords
 * tried against many accounts, which a per-email count never sees).
 */
export interface SignInThrottle {
  /** Seconds to wait before this email may be tried from this address again; 0 = go ahead. */
  retryAfterSeconds(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  /** A success clears the email's count, never the address's: one known account must not
   * let a sprayer start over. */
  recordSuccess(email: string, ip: string): Promise<void>;
}

export function createSignInThrottle({
  counter,
  perAccount = createLoginThrottle({
    counter,
    prefix: 'login-failures:account:',
    maxFailures: 10,
  }),
  perAddress = createLoginThrottle({
    counter,
    prefix: 'login-failures:address:',
    maxFailures: 30,
  }),
}: {
  counter: RateCounter;
  perAccount?: LoginThrottle;
  perAddress?: LoginThrottle;
}): SignInThrottle {
  const accountKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;
  return {
    async retryAfterSeconds(email, ip) {
      const [account, address] = await Promise.all([
        perAccount.retryAfterSeconds(accountKey(email, ip)),
        perAddress.retryAfterSeconds(ip),
      ]);
      return Math.max(account, address);
    },
    async recordFailure(email, ip) {
      await Promise.all([
        perAccount.recordFailure(accountKey(email, ip)),
        perAddress.recordFailure(ip),
      ]);
    },
    recordSuccess: (email, ip) => perAccount.reset(accountKey(email, ip)),
  };
}
