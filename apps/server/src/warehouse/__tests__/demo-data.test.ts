import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  PLANS,
  USER_ROLES,
} from '../model/enum-options.js';
import { accountBatches, eventBatches, userBatches } from '../demo/demo-batches.js';
import { DAY_MS, type DemoShape } from '../demo/demo-shape.js';
import type { ColumnBatch } from '../engine/table-schema.js';

const NOW = Date.UTC(2024, 5, 15, 12);
const SHAPE: DemoShape = { accounts: 300, users: 2_000, events: 30_000, seed: 7, now: NOW };

/** Rows of generated batches as objects keyed by the table's column names. */
function rowsOf(batches: Iterable<ColumnBatch>, names: string[]) {
  const rows: Record<string, unknown>[] = [];
  for (const batch of batches) {
    for (let row = 0; row < batch.rowCount; row += 1) {
      rows.push(
        Object.fromEntries(names.map((name, column) => [name, batch.columns[column]![row]])),
      );
    }
  }
  return rows;
}

const ACCOUNT_NAMES = ['id', 'name', 'domain', 'website', 'billing_email', 'plan', 'mrr', 'seats', 'country', 'industry', 'lifecycle_stage', 'is_paying', 'created_at', 'renewal_at']; // prettier-ignore
const USER_NAMES = ['id', 'account_id', 'email', 'name', 'title', 'role', 'email_verified', 'created_at', 'last_login_at']; // prettier-ignore
const EVENT_NAMES = ['user_id', 'account_id', 'name', 'occurred_at', 'properties'];

const accounts = rowsOf(accountBatches(SHAPE), ACCOUNT_NAMES);
const users = rowsOf(userBatches(SHAPE), USER_NAMES);
const events = rowsOf(eventBatches(SHAPE), EVENT_NAMES);

describe('demo data generator', () => {
  it('is deterministic: the same seed gives the same data, another seed other data', () => {
    expect(rowsOf(accountBatches(SHAPE), ACCOUNT_NAMES)).toEqual(accounts);
    expect(rowsOf(userBatches(SHAPE), USER_NAMES)).toEqual(users);
    expect(rowsOf(eventBatches(SHAPE), EVENT_NAMES)).toEqual(events);
    const other = rowsOf(accountBatches({ ...SHAPE, seed: 8 }), ACCOUNT_NAMES);
    expect(other.map((row) => row.plan)).not.toEqual(accounts.map((row) => row.plan));
  });

  it('makes exactly the asked numbers of rows, in batches DuckDB vectors divide', () => {
    expect([accounts.length, users.length, events.length]).toEqual([300, 2_000, 30_000]);
    for (const batch of userBatches(SHAPE))
      expect(batch.rowCount % 2048 === 0 || batch.rowCount < 8192).toBe(true);
  });

  it('makes plausible accounts: unique ids and domains, plans priced by seat, valid options', () => {
    expect(new Set(accounts.map((row) => row.id)).size).toBe(300);
    expect(new Set(accounts.map((row) => row.domain)).size).toBe(300);
    for (const row of accounts) {
      expect(PLANS).toContain(row.plan);
      expect(COUNTRIES).toContain(row.country);
      expect(INDUSTRIES).toContain(row.industry);
      expect(LIFECYCLE_STAGES).toContain(row.lifecycle_stage);
      expect(row.is_paying).toBe((row.mrr as number) > 0);
      if (row.plan === 'free') expect(row.mrr).toBe(0);
      expect(Math.round((row.mrr as number) * 100)).toBeCloseTo((row.mrr as number) * 100, 6);
      expect(row.created_at as number).toBeLessThan(NOW);
      if (row.billing_email)
        expect(row.billing_email).toMatch(new RegExp(`@${String(row.domain)}$`));
    }
    const share = (plan: string) =>
      accounts.filter((row) => row.plan === plan).length / accounts.length;
    expect(share('free')).toBeGreaterThan(share('enterprise'));
    const mrrOf = (plan: string) =>
      accounts
        .filter((row) => row.plan === plan && (row.mrr as number) > 0)
        .map((row) => row.mrr as number);
    expect(Math.min(...mrrOf('enterprise'))).toBeGreaterThan(Math.max(...mrrOf('starter')) / 4);
  });

  it('puts every user on an existing account, with emails on its domain, one owner each', () => {
    const domains = new Map(accounts.map((row) => [row.id, row.domain]));
    expect(new Set(users.map((row) => row.email)).size).toBe(users.length);
    for (const row of users) {
      expect(row.email).toMatch(new RegExp(`^[a-z.0-9]+@${String(domains.get(row.account_id))}$`));
      expect(USER_ROLES).toContain(row.role);
    }
    const owners = users.filter((row) => row.role === 'owner');
    expect(new Set(owners.map((row) => row.account_id)).size).toBe(300);
  });

  it('spreads events over 180 days with weekday peaks, growth and quiet accounts', () => {
    const start = NOW - 180 * DAY_MS;
    const perWeekday = new Array<number>(7).fill(0);
    let firstMonth = 0;
    let lastMonth = 0;
    const userAccount = new Map(users.map((row) => [row.id, row.account_id]));
    for (const row of events) {
      const at = row.occurred_at as number;
      expect(at).toBeGreaterThanOrEqual(start);
      expect(at).toBeLessThan(NOW);
      expect(userAccount.get(row.user_id)).toBe(row.account_id);
      perWeekday[new Date(at).getUTCDay()]! += 1;
      if (at < start + 30 * DAY_MS) firstMonth += 1;
      if (at >= NOW - 30 * DAY_MS) lastMonth += 1;
    }
    const weekend = (perWeekday[0]! + perWeekday[6]!) / 2;
    const weekday = (perWeekday[2]! + perWeekday[3]! + perWeekday[4]!) / 3;
    expect(weekday).toBeGreaterThan(2.5 * weekend);
    expect(lastMonth).toBeGreaterThan(firstMonth);
    const active = new Set(
      events
        .filter((row) => (row.occurred_at as number) >= NOW - 30 * DAY_MS)
        .map((row) => row.account_id),
    );
    expect(active.size).toBeGreaterThan(150);
    expect(active.size).toBeLessThan(300);
  });
});
