import { TOKEN_LEEWAY_SECONDS } from '@revlane/contracts';
import { ShortCache } from '../cache/short-cache.js';
import { TokenRejected, type VerifyAccessToken } from './token-verifier.js';

/** Long enough to spare a busy client's burst of requests, short next to a key rotation. */
const REMEMBER_MS = 60_000;
const CAPACITY = 10_000;

/**
 * Checking an RS256 signature was the largest cost of an authenticated request (measured:
 * 30% of the CPU of `users/me` under load, ADR 0020). A token that verified is remembered by
 * its exact text for a minute, so a repeat skips only the signature and claim checks it
 * already passed; its expiry is checked again on every use, and everything after
 * verification (the account, its permissions, impersonation) still runs per request. A
 * refused token is never remembered. A key withdrawn from the key set stops its tokens within
 * that minute.
 */
export function rememberVerifiedTokens(
  verify: VerifyAccessToken,
  now: () => number = Date.now,
): VerifyAccessToken {
  const verified = new ShortCache<Awaited<ReturnType<VerifyAccessToken>>>(
    { ttlMs: REMEMBER_MS, capacity: CAPACITY },
    now,
  );
  return async (token) => {
    const payload = (await verified.get(token, () => verify(token)))!;
    const nowSeconds = now() / 1000;
    if (typeof payload.exp === 'number' && payload.exp + TOKEN_LEEWAY_SECONDS <= nowSeconds) {
      throw new TokenRejected('"exp" claim timestamp check failed');
    }
    return payload;
  };
}
