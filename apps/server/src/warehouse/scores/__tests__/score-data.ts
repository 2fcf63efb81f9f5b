import type { BaseTable } from '@revlane/contracts';
import { productOnly } from '../../__tests__/hand-made-data.js';
import type { ColumnBatch } from '../../engine/table-schema.js';
import type { ScoreDefinition } from '../score-definition.js';
import { gradesInForce } from '../score-definition.js';

/** The moment scores are computed against: Saturday 2024-06-15 12:00 UTC. */
export const AS_OF = Date.UTC(2024, 5, 15, 12, 0, 0);
export const DAY_MS = 86_400_000;
/** A moment `days` whole days before AS_OF's day (at 10:00 UTC), or after it when negative. */
export const daysAgo = (days: number, hour = 10) => Date.UTC(2024, 5, 15 - days, hour, 0, 0);
const at = (iso: string) => Date.parse(iso);

/**
 * Accounts each made to check one thing of the arithmetic (see scores.test.ts): s1 is the
 * golden decay, s2 the cap, s3 a negative total, s4 nothing at all, s5 the lifespan's edges.
 */
// prettier-ignore
export const ACCOUNTS = [
  ['s1', 'Golden', 'golden.io', null, null, 'pro', 100, 10, 'US', 'software', 'active', true, at('2024-06-01T00:00:00Z'), null],
  ['s2', 'Capped', 'capped.io', null, null, 'free', 0, 3, 'DE', 'software', 'trial', false, at('2024-06-10T00:00:00Z'), null],
  ['s3', 'Negative', 'negative.io', null, null, 'enterprise', 900, 2, 'GB', 'fintech', 'active', true, at('2023-01-01T00:00:00Z'), null],
  ['s4', 'Nothing', 'nothing.io', null, null, null, null, null, null, null, null, null, null, null],
  ['s5', 'Edges', 'edges.io', null, null, 'starter', 10, 5, 'FR', 'retail', 'active', true, at('2024-05-01T00:00:00Z'), null],
] as const;

// prettier-ignore
export const USERS = [
  ['v1', 's1', 'ann@golden.io', 'Ann', null, 'owner', true, at('2024-06-01T00:00:00Z'), null],
  ['v2', 's2', 'bob@capped.io', null, null, 'member', false, at('2024-06-10T00:00:00Z'), null],
  ['v3', 's3', 'cy@negative.io', 'Cy', null, 'admin', true, at('2023-01-01T00:00:00Z'), null],
] as const;

type EventRow = [string | null, string | null, string, number, string | null];

export const EVENTS: EventRow[] = [
  // s1: one export three days ago: 9 × 87 / 90 = 8.7 points.
  ['v1', 's1', 'export_created', daysAgo(3), null],
  // s2: twenty exports today (180 points, capped at 90).
  ...Array.from({ length: 20 }, (): EventRow => ['v2', 's2', 'export_created', daysAgo(0), null]),
  // s3: five errors today: −25 points.
  ...Array.from({ length: 5 }, (): EventRow => ['v3', 's3', 'error_seen', daysAgo(0, 1), null]),
  // s5: logins 29 days ago (the lifespan's last day), 30 days ago and tomorrow (neither counts).
  [null, 's5', 'login', daysAgo(29, 23), null],
  [null, 's5', 'login', daysAgo(30, 0), null],
  [null, 's5', 'login', daysAgo(-1, 0), null],
  // An event no rule reads.
  ['v1', 's1', 'page_view', daysAgo(0), null],
];

const columnsOf = (rows: readonly (readonly unknown[])[]) =>
  rows[0]!.map((_, column) => rows.map((row) => row[column]));
export const batchOf = (rows: readonly (readonly unknown[])[]): ColumnBatch[] =>
  rows.length === 0 ? [] : [{ rowCount: rows.length, columns: columnsOf(rows) }];

export const scoreBatches = () => ({
  accounts: batchOf(productOnly(ACCOUNTS)),
  users: batchOf(productOnly(USERS)),
  events: batchOf(EVENTS),
});

export function definition(
  slug: string,
  baseTable: BaseTable,
  rules: Partial<Pick<ScoreDefinition, 'fit' | 'behaviour' | 'grades'>>,
  name = slug,
): ScoreDefinition {
  return {
    id: `id-${slug}`,
    slug,
    name,
    baseTable,
    fit: rules.fit ?? [],
    behaviour: rules.behaviour ?? [],
    grades: gradesInForce(rules.grades),
  };
}

/**
 * The golden score: +20 on the Pro plan, −10 under 5 seats, 9 per export (90 days), −5 per
 * error (30 days). Its maximum is 20 + 90 = 110.
 */
export const GOLDEN = definition(
  'golden',
  'accounts',
  {
    fit: [
      { filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }], points: 20 },
      { filters: [{ field: 'seats', operator: 'lt', value: 5 }], points: -10 },
    ],
    behaviour: [
      { event: 'export_created', points: 9, lifespanDays: 90 },
      { event: 'error_seen', points: -5, lifespanDays: 30 },
    ],
  },
  'Golden',
);
