import type { Queryable } from '../database/queryable.js';
import { cachePerDatabase } from '../cache/short-cache.js';
import { findAccountBySubject, type Account } from './accounts.repository.js';

/**
 * Every API request looks its principal up by the token's verified subject; on embedded
 * PGlite (one thread) that query serialised concurrent requests. The account is cached for
 * a few seconds and dropped whenever a user row changes (forgetCachedAccounts). The token
 * itself is still verified on every request.
 */
const ACCOUNT_TTL_MS = 5_000;
const accounts = cachePerDatabase<Account>({ ttlMs: ACCOUNT_TTL_MS, capacity: 10_000 });

export function cachedAccountBySubject(db: Queryable, subject: string) {
  return accounts.of(db).get(subject, () => findAccountBySubject(db, subject));
}

/** After any write to a user row (profile, terms, Slack channel, dashboard). */
export function forgetCachedAccounts(): void {
  accounts.invalidateAll();
}
