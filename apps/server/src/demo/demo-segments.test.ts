import { beforeAll, describe, expect, it } from 'vitest';
import type { SegmentDataPage, SegmentRow } from '@revlane/contracts';
import { loadDemoData } from '../warehouse/index.js';
import { API, TINY, useLiveOpsFixture } from '../services/live-ops/__tests__/live-ops-fixture.js';
import { DEMO_SEGMENTS } from './demo-segments.js';

/** The full demo's ratio of users to accounts (10), so seats fill up as they do there. */
const DEMO_LIKE = { ...TINY, accounts: 100, users: 1_000, events: 10_000 };

type Check = { columns: string[]; fits: (row: SegmentRow) => boolean };
const n = (value: unknown) => Number(value ?? 0);

/** Each demo segment's description, as a check of one row (the columns it needs). */
const DESCRIPTIONS: Record<string, Check> = {
  // "Every account, with its product usage."
  'All accounts': { columns: ['name'], fits: () => true },
  // "Accounts whose usage says they are ready for a sales conversation."
  'Product-qualified accounts': {
    columns: ['active_users_7d'],
    fits: (row) => n(row.active_users_7d) >= 3,
  },
  // "Users active in the product during the last 7 days."
  'Active users': { columns: ['events_7d'], fits: (row) => n(row.events_7d) > 0 },
  // "Paying accounts close to their plan limits."
  'Expansion candidates': {
    columns: ['is_paying', 'seats', 'seats_used'],
    fits: (row) => row.is_paying === true && n(row.seats_used) >= 0.8 * n(row.seats),
  },
  // "Accounts whose activity is dropping; still being tuned."
  'Churn risk (beta)': {
    columns: ['events_7d', 'events_30d'],
    fits: (row) => n(row.events_30d) > 0 && n(row.events_7d) === 0,
  },
};

describe('demo segments: each one’s rows are what its description says', () => {
  const f = useLiveOpsFixture({ load: false, demoDefinitions: true });
  beforeAll(async () => {
    await loadDemoData(f.t.app.warehouse.engine, f.danaOrg, DEMO_LIKE);
  });

  /** Every page's rows, 500 at a time. */
  const allRows = async (read: (page: number) => Promise<SegmentDataPage>) => {
    const rows: SegmentRow[] = [];
    for (let page = 1; ; page += 1) {
      const data = await read(page);
      rows.push(...data.rows);
      if (rows.length >= data.total || data.rows.length === 0) return { rows, total: data.total };
    }
  };
  /** Every record of the base table, read past any segment (the compiler without baseFilters). */
  const everyRecord = (table: 'accounts' | 'users', columns: string[]) =>
    allRows((page) =>
      f.t.app.warehouse.reader.page({ orgId: f.danaOrg, table, columns, page, perPage: 500 }),
    );
  const segmentRows = (name: string, columns: string[]) =>
    allRows(async (page) => {
      const response = await f.inject(f.dana, {
        method: 'GET',
        url: `${API}/segments/${f.segmentId(name)}/data`,
        query: { columns: JSON.stringify(columns), page: String(page), perPage: '500' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SegmentDataPage }>().data;
    });

  it('covers every demo segment', () => {
    expect(Object.keys(DESCRIPTIONS).sort()).toEqual(DEMO_SEGMENTS.map((s) => s.name).sort());
  });

  it.each(DEMO_SEGMENTS.map((segment) => [segment.name, segment] as const))(
    '%s: every row fits the description, and every record that fits is a row',
    async (name, segment) => {
      const check = DESCRIPTIONS[name]!;
      const { rows, total } = await segmentRows(name, ['id', ...check.columns]);
      const { rows: all } = await everyRecord(segment.baseTable, check.columns);
      const fitting = all.filter(check.fits).map((row) => row.id);
      expect(rows.filter((row) => !check.fits(row))).toEqual([]);
      expect(rows.map((row) => row.id).sort()).toEqual(fitting.sort());
      expect(total).toBe(fitting.length);
      // A definition: not nothing, and (All accounts aside) not the whole table.
      expect(total).toBeGreaterThan(0);
      if (name !== 'All accounts') expect(total).toBeLessThan(all.length);
    },
  );
});
