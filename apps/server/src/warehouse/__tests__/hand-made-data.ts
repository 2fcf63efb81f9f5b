import type { ColumnBatch } from '../engine/table-schema.js';

/** A fixed instant the hand-made data and its metrics are computed against. */
export const AS_OF = Date.UTC(2024, 5, 15, 12, 0, 0); // Saturday 2024-06-15 12:00 UTC
const at = (iso: string) => Date.parse(iso);

/**
 * Five accounts and six users covering every data type's edge: blanks, empty strings,
 * mixed case, decimals, NULL timestamps, booleans both ways.
 */
// prettier-ignore
export const ACCOUNTS = [
  ['a1', 'Acme Corp', 'acme.com', 'https://acme.com', 'Billing@Acme.com', 'pro', 1234.5, 10, 'US', 'software', 'active', true, at('2023-01-10T08:00:00Z'), at('2025-01-10T00:00:00Z')],
  ['a2', 'beta labs', 'beta.io', null, 'finance@beta.io', 'free', 0, 3, 'DE', 'education', 'trial', false, at('2024-06-01T23:59:59Z'), null],
  ['a3', 'Gamma Inc', 'gamma.co', 'https://gamma.co/home', null, 'enterprise', 99999.99, 250, 'GB', 'fintech', 'expansion', true, at('2024-06-02T00:00:00Z'), at('2024-12-31T12:00:00Z')],
  ['a4', '', 'delta.dev', '', '', null, null, null, null, null, 'churned', null, null, null],
  ['a5', 'Épsilon Ltd', 'epsilon.ai', 'https://epsilon.ai', 'ops@epsilon.ai', 'starter', 45.1, 5, 'FR', 'retail', 'at_risk', false, at('2022-03-15T12:30:00Z'), at('2024-06-15T00:00:00Z')],
] as const;

// prettier-ignore
export const USERS = [
  ['u1', 'a1', 'ann@acme.com', 'Ann Lee', 'CTO', 'owner', true, at('2023-01-10T08:00:00Z'), at('2024-06-14T09:00:00Z')],
  ['u2', 'a1', 'bob@acme.com', 'Bob Stone', null, 'member', false, at('2023-02-01T00:00:00Z'), null],
  ['u3', 'a2', 'cy@beta.io', 'Cy Young', 'Founder', 'owner', true, at('2024-06-01T23:59:59Z'), at('2024-06-15T08:00:00Z')],
  ['u4', 'a3', 'di@gamma.co', 'Di Park', 'Analyst', 'admin', true, at('2024-06-02T00:00:00Z'), at('2024-05-01T00:00:00Z')],
  ['u5', 'a3', 'ed@gamma.co', 'Ed Ray', '=1+2, "quoted"', 'viewer', true, at('2024-06-03T00:00:00Z'), null],
  ['u6', 'a9', 'orphan@nowhere.net', 'Orphan', null, 'member', false, at('2024-01-01T00:00:00Z'), null],
] as const;

/**
 * Events placed around every window edge of AS_OF: today, 6 and 7 days back, 29 and 30
 * days back, after AS_OF's day, and an account event without a user.
 */
// prettier-ignore
export const EVENTS = [
  ['u1', 'a1', 'login', at('2024-06-15T00:00:00Z'), '{"method":"sso"}'],
  ['u1', 'a1', 'page_view', at('2024-06-15T11:00:00Z'), null],
  ['u1', 'a1', 'page_view', at('2024-06-09T00:00:00Z'), null],
  ['u1', 'a1', 'page_view', at('2024-06-08T23:59:59Z'), null],
  ['u2', 'a1', 'page_view', at('2024-05-17T00:00:00Z'), null],
  ['u2', 'a1', 'page_view', at('2024-05-16T23:59:59Z'), null],
  ['u3', 'a2', 'invite_sent', at('2024-06-14T10:00:00Z'), '{"count":2}'],
  ['u3', 'a2', 'page_view', at('2024-06-14T11:00:00Z'), null],
  ['u3', 'a2', 'page_view', at('2024-06-16T00:00:00Z'), null],
  ['u4', 'a3', 'report_viewed', at('2024-01-01T00:00:00Z'), null],
  [null, 'a3', 'webhook', at('2024-06-10T00:00:00Z'), null],
] as const;

/**
 * Sign-ins around the edges of AS_OF's 30-day window, for metrics that count only some events
 * (sessions_30d counts `login`): one just before the window, two on one day, one after AS_OF's
 * day, and an event of another name. Only handMadeBatchesWithSessions loads them.
 */
// prettier-ignore
export const SESSION_EVENTS = [
  ['u1', 'a1', 'login', at('2024-05-16T23:59:59Z'), null],
  ['u3', 'a2', 'login', at('2024-06-14T09:00:00Z'), '{"method":"sso"}'],
  ['u3', 'a2', 'login', at('2024-06-14T09:30:00Z'), '{"method":"password"}'],
  ['u4', 'a3', 'login', at('2024-06-16T08:00:00Z'), null],
  [null, 'a5', 'feature_used', at('2024-06-15T10:00:00Z'), '{"feature":"export"}'],
] as const;

const columnsOf = (rows: readonly (readonly unknown[])[]) =>
  rows[0]!.map((_, column) => rows.map((row) => row[column]));

const batchOf = (rows: readonly (readonly unknown[])[]): ColumnBatch[] => [
  { rowCount: rows.length, columns: columnsOf(rows) },
];

/** The merged view's columns (ADR 0032) as a product-only load has them: no owner, not in a CRM. */
export const productOnly = (rows: readonly (readonly unknown[])[]) =>
  rows.map((row) => [...row, null, null, null, true, false]);

export const handMadeBatches = () => ({
  accounts: batchOf(productOnly(ACCOUNTS)),
  users: batchOf(productOnly(USERS)),
  events: batchOf(EVENTS),
});

/** The hand-made data with SESSION_EVENTS among its events. */
export const handMadeBatchesWithSessions = () => ({
  ...handMadeBatches(),
  events: batchOf([...EVENTS, ...SESSION_EVENTS]),
});
