import {
  ACCOUNTS_TABLE,
  EVENTS_TABLE,
  USERS_TABLE,
  type CanonicalLoad,
  type TableSchema,
} from '../../../../warehouse/index.js';

export const DAY = 86_400_000;
/** Today's UTC midnight: the activity ends today, so the data is placed around it. */
export const TODAY = Math.floor(Date.now() / DAY) * DAY;
export const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);
export const iso = (at: number) => new Date(at).toISOString();

type Row = Record<string, unknown>;

/** Rows by column name as a batch in the schema's column order (missing columns are blank). */
function batchOf(schema: TableSchema, rows: Row[]) {
  return [
    {
      rowCount: rows.length,
      columns: schema.columns.map((column) => rows.map((row) => row[column.name] ?? null)),
    },
  ];
}

/** `prefix` keeps each organization's ids apart (Eve's records are not Dana's). */
export function accountsOf(prefix: string): Row[] {
  return [
    { id: `${prefix}acc-1`, name: 'Alpha', domain: 'alpha.io', plan: 'pro', mrr: 120.5, seats: 5,
      is_paying: true, created_at: TODAY - 400 * DAY }, // prettier-ignore
    { id: `${prefix}acc-2`, name: 'Beta', domain: 'beta.io', plan: 'free', mrr: 0, seats: 1,
      is_paying: false, created_at: TODAY - 100 * DAY }, // prettier-ignore
    { id: `${prefix}acc-3`, name: 'Gamma', domain: 'gamma.io', plan: 'starter', mrr: 20, seats: 2,
      is_paying: true, created_at: TODAY - 50 * DAY }, // prettier-ignore
  ];
}

export function usersOf(prefix: string): Row[] {
  const user = (n: number, account: string | null, email: string) => ({
    id: `${prefix}usr-${n}`,
    account_id: account === null ? null : `${prefix}${account}`,
    email,
    name: `User ${n}`,
    role: 'member',
    email_verified: true,
    created_at: TODAY - 300 * DAY,
  });
  return [
    user(1, 'acc-1', 'ann@alpha.io'),
    user(2, 'acc-1', 'bob@alpha.io'),
    user(3, 'acc-1', 'cy@alpha.io'),
    user(4, 'acc-2', 'di@beta.io'),
    user(5, null, 'ed@free.example'),
  ];
}

/** Yesterday 05:00: three events of acc-1 at the same moment, ordered by user, name, properties. */
export const TIE = TODAY - DAY + 5 * 3_600_000;

/** acc-1's events newest first (the expected timeline), then the other records'. */
export function eventsOf(prefix: string) {
  const event = (user: number | null, account: string | null, name: string, at: number,
    properties: object | null) => ({
    user_id: user === null ? null : `${prefix}usr-${user}`,
    account_id: account === null ? null : `${prefix}${account}`,
    name,
    occurred_at: at,
    properties: properties === null ? null : JSON.stringify(properties),
  }); // prettier-ignore
  const accountOne = [
    event(2, 'acc-1', 'login', TODAY, { method: 'password' }),
    event(1, 'acc-1', 'login', TIE, { method: 'sso' }),
    event(1, 'acc-1', 'page_view', TIE, { path: '/a' }),
    event(1, 'acc-1', 'page_view', TIE, { path: '/b' }),
    event(2, 'acc-1', 'page_view', TIE, { path: '/a' }),
    event(1, 'acc-1', 'report', TODAY - DAY + 3 * 3_600_000, null),
    event(null, 'acc-1', 'webhook', TODAY - 2 * DAY + 3_600_000, { source: 'stripe' }),
    event(2, 'acc-1', 'page_view', TODAY - 30 * DAY, null),
    event(1, 'acc-1', 'page_view', TODAY - 179 * DAY, null),
    event(1, 'acc-1', 'page_view', TODAY - 180 * DAY, null),
  ];
  const others = [
    event(4, 'acc-2', 'login', TODAY - 3 * DAY, null),
    event(5, null, 'login', TODAY - 5 * DAY, { method: 'sso' }),
  ];
  // Loaded out of order: the timeline's order is the reader's doing.
  return { accountOne, all: [others[0]!, ...[...accountOne].reverse(), others[1]!] };
}

/** The canonical load of one organization: three accounts, five users, twelve events. */
export function recordLoad(prefix: string): CanonicalLoad {
  return {
    accounts: batchOf(ACCOUNTS_TABLE, accountsOf(prefix)),
    users: batchOf(USERS_TABLE, usersOf(prefix)),
    events: batchOf(EVENTS_TABLE, eventsOf(prefix).all),
  };
}
