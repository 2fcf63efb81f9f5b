import type { SegmentColumn, SegmentDataPage } from '@revlane/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AS_OF, handMadeBatchesWithSessions } from '../../../warehouse/__tests__/hand-made-data.js';
import { loadCanonicalData } from '../../../warehouse/index.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';

/**
 * A computed column added as one metric definition (sessions_30d: sign-ins in the last 30
 * days) is offered by the catalogue and filters and sorts like any other, on the hand-made
 * data: as of AS_OF a2 has 2 sessions, a1 1, a3, a4 and a5 none.
 */
describe('live-ops: sessions_30d, a computed column from one definition', () => {
  const f = useLiveOpsFixture({ load: false });
  beforeAll(async () => {
    await loadCanonicalData(f.t.app.warehouse.engine, f.danaOrg, handMadeBatchesWithSessions(), {
      asOf: AS_OF,
    });
  });

  const get = async (url: string, query: Record<string, string> = {}) => {
    const response = await f.inject(f.dana, { method: 'GET', url: `${API}/${url}`, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: unknown }>().data;
  };
  const page = (query: Record<string, string>) =>
    get(`segments/${f.segmentId('All accounts')}/data`, {
      columns: '["name","sessions_30d"]',
      ...query,
    }) as Promise<SegmentDataPage>;
  const sessions = (body: SegmentDataPage) => body.rows.map((row) => [row.id, row.sessions_30d]);

  it('is in the catalogue of accounts, and of users under the account_ prefix', async () => {
    const accounts = (await get('segments/tables/accounts/columns')) as SegmentColumn[];
    expect(accounts.find((column) => column.name === 'sessions_30d')).toEqual({
      name: 'sessions_30d',
      label: 'Sessions (30d)',
      dataType: 'numeric',
      description: 'Sessions started in the last 30 days: each sign-in (a login event) starts one.',
      groupable: false,
      computed: true,
    });
    const users = (await get('segments/tables/users/columns')) as SegmentColumn[];
    expect(users.find((column) => column.name === 'account_sessions_30d')).toMatchObject({
      label: 'Account: Sessions (30d)',
      dataType: 'numeric',
    });
  });

  it('filters and sorts through the data endpoint', async () => {
    const some = await page({
      filters: JSON.stringify([{ field: 'sessions_30d', operator: 'gt', value: 0 }]),
      sortBy: '-sessions_30d',
    });
    expect(some.total).toBe(2);
    expect(sessions(some)).toEqual([
      ['a2', 2],
      ['a1', 1],
    ]);
    const none = await page({
      filters: JSON.stringify([{ field: 'sessions_30d', operator: 'eq', value: 0 }]),
      sortBy: '+name',
    });
    expect(sessions(none).map(([id]) => id)).toEqual(['a4', 'a3', 'a5']);
    const ascending = await page({ sortBy: '+sessions_30d,+id' });
    expect(sessions(ascending).map(([, count]) => count)).toEqual([0, 0, 0, 1, 2]);
  });

  it('filters users by their account’s sessions', async () => {
    const body = (await get(`segments/${f.segmentId('Active users')}/data`, {
      filters: JSON.stringify([{ field: 'account_sessions_30d', operator: 'gte', value: 1 }]),
      columns: '["name","account_sessions_30d"]',
      sortBy: '+id',
    })) as SegmentDataPage;
    expect(body.rows.map((row) => [row.id, row.account_sessions_30d])).toEqual([
      ['u1', 1],
      ['u2', 1],
      ['u3', 2],
    ]);
  });
});
