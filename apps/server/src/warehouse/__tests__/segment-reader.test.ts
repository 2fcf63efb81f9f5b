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
      sums: { mrr: 99999.99, seats: 250 },
    });
    expect(groups.groups.at(-1)).toEqual({
      pivot: null,
      pivot_identifier: null,
      count: 1,
      sums: { mrr: null, seats: null },
    });
    const byPlan = await reader.groups({
      orgId,
      table: 'users',
      groupBy: ['account_plan'],
      columns: ['events_30d'],
      sortBy: [{ field: 'count', isDescending: true }],
    });
    expect(byPlan.groups).toEqual([
      { pivot: 'enterprise', count: 2, sums: { events_30d: 0 } },
      { pivot: 'pro', count: 2, sums: { events_30d: 5 } },
      { pivot: 'free', count: 1, sums: { events_30d: 2 } },
      { pivot: null, count: 1, sums: { events_30d: 0 } },
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
