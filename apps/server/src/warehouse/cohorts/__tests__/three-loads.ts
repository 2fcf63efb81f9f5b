import type { ColumnBatch } from '../../engine/table-schema.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { ACCOUNTS, EVENTS, productOnly, USERS } from '../../__tests__/hand-made-data.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';

/**
 * Three loads of the hand-made accounts where only `plan` changes (and a3 disappears), so a
 * cohort "plan is pro or enterprise" has members worked out by hand:
 * load 1 {a1, a3}; load 2 {a2, a3, a5} (a2, a5 enter; a1 leaves);
 * load 3 {a1, a2, a4, a5} (a1, a4 enter; a3 leaves and no longer exists).
 */
const PLANS_BY_LOAD: Record<string, string | null>[] = [
  { a1: 'pro', a2: 'free', a3: 'enterprise', a4: null, a5: 'starter' },
  { a1: 'free', a2: 'pro', a3: 'enterprise', a4: null, a5: 'enterprise' },
  { a1: 'pro', a2: 'pro', a4: 'pro', a5: 'enterprise' },
];

export const PAYING_COHORT = {
  cohortId: 'cohort-paying',
  table: 'accounts' as const,
  filters: [{ field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] }],
};

/** Load 1 on day 1; loads 2 and 3 on the same day 2, so day 2's counts sum two snapshots. */
export const LOAD_TIMES = [
  Date.UTC(2024, 5, 10, 10),
  Date.UTC(2024, 5, 11, 10),
  Date.UTC(2024, 5, 11, 18),
];

const PLAN_COLUMN = 5;
const columnsOf = (rows: readonly (readonly unknown[])[]): ColumnBatch[] => [
  { rowCount: rows.length, columns: rows[0]!.map((_, column) => rows.map((row) => row[column])) },
];

export async function loadNumber(warehouse: Warehouse, orgId: string, index: number) {
  const plans = PLANS_BY_LOAD[index]!;
  const accounts = ACCOUNTS.filter((row) => row[0] in plans).map((row) => {
    const copy: unknown[] = [...row];
    copy[PLAN_COLUMN] = plans[row[0]];
    return copy;
  });
  await loadCanonicalData(
    warehouse,
    orgId,
    {
      accounts: columnsOf(productOnly(accounts)),
      users: columnsOf(productOnly(USERS)),
      events: columnsOf(EVENTS),
    },
    { asOf: LOAD_TIMES[index]! },
  );
}

/** The cohort's members computed directly from the segment table, not through snapshots. */
export async function directMembers(warehouse: Warehouse, orgId: string): Promise<string[]> {
  const rows = await warehouse.query(orgId, {
    sql: `SELECT id FROM ${warehouse.dialect.table(orgId, 'segment_accounts')} WHERE plan IN ('pro', 'enterprise')`,
    params: [],
  });
  return rows.map((row) => row.id as string).sort();
}
