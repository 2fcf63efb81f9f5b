import type { ColumnBatch } from '../engine/table-schema.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from '../model/canonical-tables.js';
import { demoAccount, type DemoAccount } from './demo-accounts.js';
import { eventWeight, generateUserEvents, upgradeEvent } from './demo-events.js';
import { BATCH_ROWS, batchRanges, demoClock, type DemoShape } from './demo-shape.js';
import { demoUser, demoUserId, userLayout, userTiming } from './demo-users.js';

/** Demo records come from the product alone: no CRM owner, in_product, not in_crm (ADR 0032). */
const PRODUCT_ONLY = [null, null, null, true, false];

/** Accounts in `ACCOUNTS_TABLE` column order. */
export function* accountBatches(shape: DemoShape): Generator<ColumnBatch> {
  const clock = demoClock(shape.now);
  for (const [start, end] of batchRanges(shape.accounts)) {
    const columns: unknown[][] = Array.from({ length: ACCOUNTS_TABLE.columns.length }, () => []);
    for (let index = start; index < end; index += 1) {
      const a = demoAccount(shape.seed, index, clock);
      const row = [a.id, a.name, a.domain, a.website, a.billingEmail, a.plan, a.mrr, a.seats, a.country,
        a.industry, a.lifecycle, a.mrr > 0, a.createdAt, a.renewalAt, ...PRODUCT_ONLY]; // prettier-ignore
      row.forEach((value, column) => columns[column]!.push(value));
    }
    yield { rowCount: end - start, columns };
  }
}

/** Walks accounts and their users in order (the only order users are generated in). */
function* eachUser(shape: DemoShape) {
  const clock = demoClock(shape.now);
  const weights = new Float64Array(shape.accounts);
  for (let k = 0; k < shape.accounts; k += 1)
    weights[k] = demoAccount(shape.seed, k, clock).userWeight;
  const starts = userLayout(weights, shape.users);
  for (let k = 0; k < shape.accounts; k += 1) {
    const account = demoAccount(shape.seed, k, clock);
    for (let index = starts[k]!; index < starts[k + 1]!; index += 1) {
      const local = index - starts[k]!;
      const timing = userTiming(shape.seed, index, local, account, clock);
      yield { account, index, local, timing, clock };
    }
  }
}

/** Users in `USERS_TABLE` column order; emails unique within each account. */
export function* userBatches(shape: DemoShape): Generator<ColumnBatch> {
  const width = USERS_TABLE.columns.length;
  let columns: unknown[][] = Array.from({ length: width }, () => []);
  let rows = 0;
  let taken = new Set<string>();
  let current: DemoAccount | null = null;
  for (const { account, index, local, timing, clock } of eachUser(shape)) {
    if (account !== current) [current, taken] = [account, new Set()];
    const u = demoUser(shape.seed, index, local, account, timing, clock, taken);
    const row = [
      u.id,
      account.id,
      u.email,
      u.name,
      u.title,
      u.role,
      u.emailVerified,
      u.createdAt,
      u.lastLoginAt,
      ...PRODUCT_ONLY,
    ];
    row.forEach((value, column) => columns[column]!.push(value));
    if ((rows += 1) === BATCH_ROWS) {
      yield { rowCount: rows, columns };
      [columns, rows] = [Array.from({ length: width }, () => []), 0];
    }
  }
  if (rows > 0) yield { rowCount: rows, columns };
}

/**
 * Exactly `shape.events` events in `EVENTS_TABLE` column order, shared out by each user's
 * weight: one pass sums the weights, the second hands out counts with running rounding.
 */
export function* eventBatches(shape: DemoShape): Generator<ColumnBatch> {
  let total = 0;
  for (const { account, timing } of eachUser(shape)) total += eventWeight(account, timing);
  if (total === 0 || shape.events === 0) return;
  let columns: unknown[][] = [[], [], [], [], []];
  let cumulative = 0;
  let emitted = 0;
  let upgraded: DemoAccount | null = null;
  for (const { account, index, timing, clock } of eachUser(shape)) {
    cumulative += eventWeight(account, timing);
    const target = Math.round((shape.events * cumulative) / total);
    const userId = demoUserId(index);
    const sink = {
      push: (name: string, occurredAt: number, properties: string | null) => {
        columns[0]!.push(userId);
        columns[1]!.push(account.id);
        columns[2]!.push(name);
        columns[3]!.push(occurredAt);
        columns[4]!.push(properties);
      },
    };
    let count = target - emitted;
    // An upgrading account's first user with events (and joined by then) records the upgrade
    // in place of their last event, so the total stays exact (demo-signal.ts).
    const upgrade =
      count > 0 && upgraded !== account
        ? upgradeEvent(shape.seed, index, account, timing, clock)
        : null;
    if (upgrade) {
      sink.push(upgrade.name, upgrade.occurredAt, upgrade.properties);
      [count, upgraded] = [count - 1, account];
    }
    generateUserEvents(shape.seed, index, count, account, timing, clock, sink);
    emitted = target;
    if (columns[0]!.length >= BATCH_ROWS) {
      yield { rowCount: columns[0]!.length, columns };
      columns = [[], [], [], [], []];
    }
  }
  if (columns[0]!.length > 0) yield { rowCount: columns[0]!.length, columns };
}
