import type { BaseTable } from '@revlane/contracts';

/** A filter as the cohort routes take it. */
export interface BenchFilter {
  field: string;
  operator: string;
  value?: unknown;
}

export interface BenchCohort {
  name: string;
  table: BaseTable;
  filters: BenchFilter[];
}

const PLANS = ['free', 'starter', 'pro', 'enterprise'];
const ROLES = ['admin', 'member', 'owner', 'viewer'];
const STAGES = ['active', 'at_risk', 'churned', 'expansion', 'onboarding', 'trial'];
const DAY_MS = 86_400_000;
const daysAgo = (days: number, now: number) =>
  new Date(now - days * DAY_MS).toISOString().slice(0, 10);

/** The cohort whose 180-day trend is measured: engaged users of paying plans. */
export const TREND_COHORT: BenchCohort = {
  name: 'bench: engaged users on paid plans',
  table: 'users',
  filters: [
    { field: 'events_30d', operator: 'gt', value: 5 },
    { field: 'account_plan', operator: 'includes', value: ['pro', 'enterprise'] },
  ],
};

/** One users cohort of five shapes (1–2 filters: enums, lists, numbers, booleans, dates). */
function usersCohort(i: number, now: number): BenchCohort {
  const k = Math.floor(i / 5);
  const shapes: BenchFilter[][] = [
    [
      { field: 'account_plan', operator: 'eq', value: PLANS[k % 4] },
      { field: 'events_30d', operator: 'gt', value: [0, 3, 10][k % 3] },
    ],
    [
      { field: 'role', operator: 'eq', value: ROLES[k % 4] },
      { field: 'active_days_30d', operator: 'gte', value: [1, 5, 10][k % 3] },
    ],
    [
      {
        field: 'account_lifecycle_stage',
        operator: 'includes',
        value: [STAGES[k % 6], STAGES[(k + 1) % 6]],
      },
    ],
    [
      { field: 'email_verified', operator: 'is', value: k % 2 === 0 },
      { field: 'events_7d', operator: 'gt', value: [0, 2, 5][k % 3] },
    ],
    [
      { field: 'last_seen_at', operator: 'after', value: daysAgo([3, 7, 14, 30][k % 4]!, now) },
      { field: 'account_mrr', operator: 'gt', value: [0, 100, 500][k % 3] },
    ],
  ];
  return { name: `bench: users ${i}`, table: 'users', filters: shapes[i % 5]! };
}

/** One accounts cohort of three shapes. */
function accountsCohort(i: number): BenchCohort {
  const k = Math.floor(i / 3);
  const shapes: BenchFilter[][] = [
    [
      { field: 'plan', operator: 'eq', value: PLANS[k % 4] },
      { field: 'lifecycle_stage', operator: 'eq', value: STAGES[k % 6] },
    ],
    [
      { field: 'mrr', operator: 'gt', value: [0, 100, 250, 1000][k % 4] },
      { field: 'active_users_7d', operator: 'gte', value: [1, 3][k % 2] },
    ],
    [
      { field: 'is_paying', operator: 'is', value: k % 2 === 0 },
      { field: 'events_30d', operator: 'gt', value: [0, 10, 50][k % 3] },
    ],
  ];
  return { name: `bench: accounts ${i}`, table: 'accounts', filters: shapes[i % 3]! };
}

/** 100 cohorts for a full snapshot run: 70 over users (2M rows), 30 over accounts (200k). */
export function snapshotRunCohorts(now: number): BenchCohort[] {
  return [
    ...Array.from({ length: 70 }, (_, i) => usersCohort(i, now)),
    ...Array.from({ length: 30 }, (_, i) => accountsCohort(i)),
  ];
}
