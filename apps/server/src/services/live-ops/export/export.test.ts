import { describe, expect, it } from 'vitest';
import type { SegmentGroupsPage } from '@revlane/contracts';
import { supportUser } from '../../../../test/app.js';
import { captureLogs } from '../../../../test/log-capture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { exportTickets } from '../../../platform/database/schema/index.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';

describe('live-ops: export tickets and CSV export (docs/architecture.md §4.5)', () => {
  const logs = captureLogs();
  const f = useLiveOpsFixture({ logStream: logs.stream, env: { LOG_LEVEL: 'info' } });

  const segment = () => f.segmentId('All accounts');
  const ticketFor = async (query: Record<string, string>, id = segment()) => {
    const response = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${id}/export-tickets`,
      payload: query,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { ticket: string; expiresAt: string } }>().data;
  };
  const download = (query: Record<string, string>, id = segment()) =>
    f.t.app.inject({ method: 'GET', url: `${API}/segments/${id}/export`, query });
  const parseCsv = (text: string) => text.split('\r\n').filter(Boolean);

  it('exports every row of the query with a header, as an attachment named after the segment', async () => {
    const query = { filters: '[{"field":"plan","operator":"eq","value":"pro"}]', sortBy: '-mrr' };
    const { ticket, expiresAt } = await ticketFor(query);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000);
    const response = await download({ ...query, token: ticket });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="all-accounts-${day}.csv"`,
    );
    const page = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${segment()}/data`,
      query: { ...query, perPage: '1' },
    });
    const { total, columns } = page.json<{
      data: { total: number; columns: { label: string }[] };
    }>().data;
    const lines = parseCsv(response.body);
    expect(lines[0]).toBe(columns.map((column) => column.label).join(','));
    expect(lines.length - 1).toBe(total);
    expect(response.body.endsWith('\r\n')).toBe(true);
  });

  it('exports the groups of a grouped view under the screen’s headers, aggregates as chosen', async () => {
    const id = f.segmentId('Expansion candidates');
    const grouping = { pivot: 'plan', pivotIdentifier: null, aggregates: { mrr: 'median' } };
    const saved = await f.inject(f.dana, {
      method: 'PATCH',
      url: `${API}/segments/${id}`,
      payload: { grouping },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const query = { pivot: 'plan' };
    const { ticket } = await ticketFor(query, id);
    const response = await download({ ...query, token: ticket }, id);
    expect(response.statusCode, response.body).toBe(200);
    const page = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${id}/data`,
      query: { ...query, perPage: '500' },
    });
    const { groups, aggregates, columns } = page.json<{ data: SegmentGroupsPage }>().data;
    const lines = parseCsv(response.body);
    // The screen's headers (segment-groups-table.tsx): the group column's label, "Records",
    // then each aggregate's header: money summed unless chosen otherwise, a percentage averaged.
    expect(lines[0]).toBe(
      'Plan,Records,Sum of Seats,Sum of Seats used,Average of Seat usage (%),Median of MRR,Sum of Active users (30d)',
    );
    const label = columns.find((column) => column.name === 'plan')?.label;
    expect(lines[0]).toBe([label, 'Records', ...aggregates.map((a) => a.header)].join(','));
    expect(lines.slice(1)).toEqual(
      groups.map((group) =>
        [
          group.pivot ?? '',
          group.count,
          ...aggregates.map((a) => group.values[a.column] ?? ''),
        ].join(','),
      ),
    );
    expect(groups.length).toBeGreaterThan(1);
    const restored = await f.inject(f.dana, {
      method: 'PATCH',
      url: `${API}/segments/${id}`,
      payload: { grouping: { pivot: 'plan', pivotIdentifier: null } },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('names a cohort’s export after the cohort, and refuses a cohort of another segment', async () => {
    const cohort = await cohortsClient(f).create(f.dana, segment(), {
      name: 'Pro accounts (EMEA)',
      filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }],
    });
    const query = { filters: JSON.stringify(cohort.filters), cohort: cohort.id };
    const { ticket } = await ticketFor(query);
    const response = await download({ ...query, token: ticket });
    expect(response.statusCode, response.body).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pro-accounts-emea-${day}.csv"`,
    );
    const elsewhere = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${f.segmentId('Expansion candidates')}/export-tickets`,
      payload: { cohort: cohort.id },
    });
    expect(elsewhere.statusCode).toBe(400);
    const paths = elsewhere.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(['body.cohort']);
  });

  it('answers 401 for a reused, unknown, missing or expired ticket, or a changed query', async () => {
    const query = { search: 'a' };
    const { ticket } = await ticketFor(query);
    expect((await download({ ...query, token: ticket })).statusCode).toBe(200);
    const reused = await download({ ...query, token: ticket });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: 'unauthorized' });
    expect((await download({ ...query, token: 'made-up' })).statusCode).toBe(401);
    expect((await download(query)).statusCode).toBe(401);

    const changed = await ticketFor(query);
    expect((await download({ search: 'b', token: changed.ticket })).statusCode).toBe(401);
    const widened = await ticketFor(query);
    const more = { ...query, columns: '["name"]', token: widened.ticket };
    expect((await download(more)).statusCode).toBe(401);

    const expired = await ticketFor(query);
    await f.t.database.db.update(exportTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await download({ ...query, token: expired.ticket })).statusCode).toBe(401);
    const other = await ticketFor(query);
    const otherSegment = f.segmentId('Expansion candidates');
    expect((await download({ ...query, token: other.ticket }, otherSegment)).statusCode).toBe(401);
  });

  it('binds a support user’s ticket to the impersonated user named in the URL (docs/product.md §7)', async () => {
    const support = await supportUser(f.t);
    const profile = await f.inject(f.dana, { method: 'GET', url: '/user/api/v1/users/me' });
    const danaId = profile.json<{ data: { id: string } }>().data.id;
    const ticketAs = async () => {
      const response = await f.inject(support, {
        method: 'POST',
        url: `${API}/segments/${segment()}/export-tickets`,
        headers: { 'impersonate-user': danaId },
        payload: { sortBy: '+name' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: { ticket: string } }>().data.ticket;
    };

    const acting = await download({
      sortBy: '+name',
      token: await ticketAs(),
      impersonate_user_id: danaId,
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const own = await download({
      sortBy: '+name',
      token: (await ticketFor({ sortBy: '+name' })).ticket,
    });
    expect(acting.body).toBe(own.body);

    const someoneElse = await download({
      sortBy: '+name',
      token: await ticketAs(),
      impersonate_user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(someoneElse.statusCode).toBe(401);
  });

  it('stores only a hash of the ticket', async () => {
    const { ticket } = await ticketFor({});
    const rows = await f.t.database.db.select().from(exportTickets);
    expect(rows.some((row) => row.ticketHash === ticket)).toBe(false);
    expect(rows.filter((row) => row.usedAt === null).length).toBeGreaterThan(0);
  });

  it('refuses a bad query when the ticket is asked for, naming the field', async () => {
    const response = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${segment()}/export-tickets`,
      payload: { columns: '["name","nope"]', sortBy: '+bogus' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.columns[1]', 'body.sortBy[0]']));
    const unknown = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${segment()}/export-tickets`,
      payload: { page: '2' },
    });
    expect(unknown.statusCode).toBe(400);
    const notAName = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${segment()}/export-tickets`,
      payload: { columns: '[{"toString":0}]' },
    });
    expect(notAName.statusCode).toBe(400);
    expect(notAName.json<{ errors: { path: string }[] }>().errors).toEqual([
      { path: 'body.columns[0]', message: 'A column is named by a string' },
    ]);
  });

  it('never writes the ticket to the log', async () => {
    const { ticket } = await ticketFor({});
    await download({ token: ticket });
    const text = logs.text();
    expect(text).toContain('/export?token=%5BREDACTED%5D');
    expect(text).not.toContain(ticket);
  });
});
