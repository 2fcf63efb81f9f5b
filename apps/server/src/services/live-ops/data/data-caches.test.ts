import { describe, expect, it, vi } from 'vitest';
import type { SegmentDataPage } from '@revlane/contracts';
import { loadDemoData } from '../../../warehouse/index.js';
import {
  API,
  useLiveOpsFixture,
  TINY,
  type LiveOpsFixture,
} from '../__tests__/live-ops-fixture.js';

/** The caches behind GET segments/{id}/data: the segment row, the load, the page of rows. */
describe('live-ops: segment data caches', () => {
  const f = useLiveOpsFixture();

  const dataOf = (user: LiveOpsFixture['dana'], segmentId: string) =>
    f.inject(user, { method: 'GET', url: `${API}/segments/${segmentId}/data` });
  const page = async (segmentId = f.segmentId('All accounts')) => {
    const response = await dataOf(f.dana, segmentId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SegmentDataPage }>().data;
  };

  it('answers repeated pages from one warehouse query per load', async () => {
    await page();
    const spy = vi.spyOn(f.t.app.warehouse.engine, 'query');
    const pages = await Promise.all([page(), page(), page()]);
    const queries = spy.mock.calls.length;
    spy.mockRestore();
    expect(queries).toBe(0);
    expect(pages[1]).toEqual(pages[0]);
  });

  it('never serves a cached segment to another organization', async () => {
    const danas = f.segmentId('All accounts');
    await page(danas);
    expect((await dataOf(f.eve, danas)).statusCode).toBe(404);
    // Eve's own segment is hers, with no load yet: preparing, not Dana's cached rows.
    expect((await dataOf(f.eve, f.eveSegmentId('All accounts'))).statusCode).toBe(202);
  });

  it('sees a segment change at once', async () => {
    const id = f.segmentId('All accounts');
    const before = await page(id);
    expect(before.columns.map((column) => column.name)).toContain('mrr');
    const patched = await f.inject(f.dana, {
      method: 'PATCH',
      url: `${API}/segments/${id}`,
      payload: { columns: ['name', 'plan'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await page(id);
    expect(after.columns.map((column) => column.name)).toEqual(['name', 'plan']);
  });

  it('sees a new load at once: new rows and total, never the old ones', async () => {
    const before = await page();
    expect(before.total).toBe(TINY.accounts);
    await loadDemoData(f.t.app.warehouse.engine, f.danaOrg, { ...TINY, accounts: 20 });
    const after = await page();
    expect(after.total).toBe(20);
    expect(after.rows).not.toEqual(before.rows);
  });
});
