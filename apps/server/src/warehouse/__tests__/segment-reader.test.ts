import { segmentDataPageSchema, segmentGroupsPageSchema } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../engine/warehouse.js';
import { loadCanonicalData } from '../loading/load-canonical-data.js';
import { SegmentReader, WarehousePreparingError } from '../reading/segment-reader.js';
import { SegmentQueryError } from '../compiler/segment-query-error.js';
import { TEST_ENGINES, newOrgId } from './engines.js';
import { ACCOUNTS, AS_OF, handMadeBatches } from './hand-made-data.js';

describe.each(TEST_ENGINES)('segment reader on $name (docs/architecture.md §5.4)', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  let reader: SegmentReader;
  const orgId = newOrgId();

  beforeAll(() => {
    ({ warehouse, cleanup } = engine.open());
    reader = new SegmentReader(warehouse);
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('answers "preparing" before the first load has finished', async () => {
    expect(await reader.status(orgId)).toEqual({ state: 'preparing' });
    await expect(reader.page({ orgId, table: 'accounts' })).rejects.toBeInstanceOf(
      WarehousePreparingError,
    );
    await loadCanonicalData(warehouse, orgId, handMadeBatches(), { asOf: AS_OF });
    expect(await reader.status(orgId)).toMatchObject({
      state: 'ready',
      load: { asOf: '2024-06-15T12:00:00.000Z' },
    });
  });

  it('pages rows with the total, the contract shape, sorted with blanks last both ways', async () => {
    const input = { orgId, table: 'accounts' as const, columns: ['name', 'mrr'], perPage: 2 };
    const ascending = await reader.page({
      ...input,
      sortBy: [{ field: 'mrr', isDescending: false }],
    });
    expect(segmentDataPageSchema.parse(ascending)).toEqual(ascending);
    expect(ascending).toMatchObject({ total: 5, page: 1, perPage: 2 });
    expect(ascending.rows).toEqual([
      { id: 'a2', name: 'beta labs', mrr: 0 },
      { id: 'a5', name: 'Épsilon Ltd', mrr: 45.1 },
    ]);
    expect(ascending.columns.map((column) => column.name)).toEqual(['name', 'mrr']);
    const last = await reader.page({
      ...input,
      page: 3,
      sortBy: [{ field: 'mrr', isDescending: true }],
    });
    expect(last.rows).toEqual([{ id: 'a4', name: '', mrr: null }]);
  });

  it('sorts text byte-wise on both engines and breaks ties by id', async () => {
    const page = await reader.page({
      orgId,
      table: 'accounts',
      columns: ['name'],
      sortBy: [{ field: 'name', isDescending: false }],
    });
    expect(page.rows.map((row) => row.name)).toEqual([
      '',
      'Acme Corp',
      'Gamma Inc',
      'beta labs',
      'Épsilon Ltd',
    ]);
    const tied = await reader.page({
      orgId,
      table: 'users',
      columns: ['role'],
      sortBy: [{ field: 'role', isDescending: true }],
    });
    expect(tied.rows.map((row) => row.id)).toEqual(['u5', 'u1', 'u3', 'u2', 'u6', 'u4']);
  });

  it('groups by two columns with counts and sums, timestamps by day', async () => {
    const groups = await reader.groups({
      orgId,
      table: 'accounts',
      groupBy: ['is_paying', 'created_at'],
      columns: ['mrr', 'seats', 'name'],
      sortBy: [{ field: 'mrr', isDescending: true }],
    });
    expect(segmentGroupsPageSchema.parse(groups)).toEqual(groups);
    expect(groups).toMatchObject({ total: 5, pivot: 'is_paying', pivotIdentifier: 'created_at' });
    expect(groups.groups[0]).toEqual({
      pivot: true,
      pivot_identifier: '2024-06-02',
      count: 1,
      values: { mrr: 99999.99, seats: 250 },
    });
    expect(groups.groups.at(-1)).toEqual({
      pivot: null,
      pivot_identifier: null,
      count: 1,
      values: { mrr: null, seats: null },
    });
    const byPlan = await reader.groups({
      orgId,
      table: 'users',
      groupBy: ['account_plan'],
      columns: ['events_30d'],
      sortBy: [{ field: 'count', isDescending: true }],
    });
    expect(byPlan.groups).toEqual([
      { pivot: 'enterprise', count: 2, values: { events_30d: 0 } },
      { pivot: 'pro', count: 2, values: { events_30d: 5 } },
      { pivot: 'free', count: 1, values: { events_30d: 2 } },
      { pivot: null, count: 1, values: { events_30d: 0 } },
    ]);
  });

  it('aggregates each numeric column as chosen, else by its kind, exactly on both engines', async () => {
    const input = {
      orgId,
      table: 'accounts' as const,
      groupBy: ['is_paying'],
      columns: ['name', 'mrr', 'seats', 'seat_usage'],
    };
    // Counts and money add up, a percentage averages (never a sum, even when asked).
    const defaults = await reader.groups({ ...input, aggregates: { seat_usage: 'sum' } });
    expect(segmentGroupsPageSchema.parse(defaults)).toEqual(defaults);
    expect(defaults.aggregates).toEqual([
      { column: 'mrr', aggregate: 'sum', header: 'Sum of MRR' },
      { column: 'seats', aggregate: 'sum', header: 'Sum of Seats' },
      { column: 'seat_usage', aggregate: 'avg', header: 'Average of Seat usage (%)' },
    ]);
    // Seat usage: 2 of 10 seats (20 %) and 2 of 250 (0 %, rounded down); 1 of 3 (33 %) and
    // none of 5 (0 %).
    expect(defaults.groups).toEqual([
      { pivot: false, count: 2, values: { mrr: 45.1, seats: 8, seat_usage: 16.5 } },
      { pivot: true, count: 2, values: { mrr: 101234.49, seats: 260, seat_usage: 10 } },
      { pivot: null, count: 1, values: { mrr: null, seats: null, seat_usage: null } },
    ]);

    // 1234.5 and 99999.99: the average rounds half away from zero to the cent, the median
    // keeps every digit; sorted by the aggregate shown.
    const chosen = await reader.groups({
      ...input,
      aggregates: { mrr: 'median', seats: 'avg', seat_usage: 'max' },
      sortBy: [{ field: 'mrr', isDescending: true }],
    });
    expect(chosen.groups.map((group) => [group.pivot, group.values])).toEqual([
      [true, { mrr: 50617.245, seats: 130, seat_usage: 20 }],
      [false, { mrr: 22.55, seats: 4, seat_usage: 33 }],
      [null, { mrr: null, seats: null, seat_usage: null }],
    ]);
    const others = await reader.groups({
      ...input,
      aggregates: { mrr: 'avg', seats: 'count', seat_usage: 'min' },
      sortBy: [{ field: 'seats', isDescending: false }],
    });
    expect(others.groups.map((group) => [group.pivot, group.values])).toEqual([
      [null, { mrr: null, seats: 0, seat_usage: null }],
      [false, { mrr: 22.55, seats: 2, seat_usage: 0 }],
      [true, { mrr: 50617.25, seats: 2, seat_usage: 0 }],
    ]);
  });

  it('exports every matching row in page order, in batches', async () => {
    const exported = await reader.export(
      {
        orgId,
        table: 'accounts',
        columns: ['domain'],
        sortBy: [{ field: 'domain', isDescending: true }],
      },
      2,
    );
    const batches = [];
    for await (const batch of exported.batches) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat().map((row) => row.domain)).toEqual(
      ACCOUNTS.map((row) => row[2])
        .sort()
        .reverse(),
    );
  });

  it('exports CSV: label header, formulas defused, same bytes on every engine', async () => {
    const exported = await reader.exportCsv({
      orgId,
      table: 'users',
      columns: ['email', 'title', 'email_verified', 'last_login_at', 'events_30d', 'account_mrr'],
    });
    const chunks: Buffer[] = [];
    for await (const chunk of exported.chunks) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(
      [
        'Email,Job title,Email verified,Last login,Events (30d),Account: MRR',
        'ann@acme.com,CTO,true,2024-06-14T09:00:00.000Z,4,1234.50',
        'bob@acme.com,,false,,1,1234.50',
        'cy@beta.io,Founder,true,2024-06-15T08:00:00.000Z,2,0.00',
        'di@gamma.co,Analyst,true,2024-05-01T00:00:00.000Z,0,99999.99',
        `ed@gamma.co,"'=1+2, ""quoted""",true,,0,99999.99`,
        'orphan@nowhere.net,,false,,0,',
        '',
      ].join('\r\n'),
    );
  });

  it('validates before touching the warehouse, and serves counts per load', async () => {
    await expect(
      reader.export({ orgId, table: 'accounts', columns: ['nope'] }),
    ).rejects.toBeInstanceOf(SegmentQueryError);
    const filtered = {
      orgId,
      table: 'accounts' as const,
      filters: [{ field: 'plan', operator: 'not_null', value: null }],
    };
    expect((await reader.page(filtered)).total).toBe(4);
    const { accounts } = handMadeBatches();
    await loadCanonicalData(
      warehouse,
      orgId,
      {
        accounts: accounts.map((batch) => ({
          ...batch,
          rowCount: 2,
          columns: batch.columns.map((c) => c.slice(0, 2)),
        })),
      },
      { asOf: AS_OF },
    );
    expect((await reader.page(filtered)).total).toBe(2);
  });
});
