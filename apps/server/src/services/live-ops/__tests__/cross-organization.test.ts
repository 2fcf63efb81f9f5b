import { beforeAll, describe, expect, it } from 'vitest';
import { segments } from '../../../platform/database/schema/index.js';
import { findSegment, updateSegment } from '../segments/segments.repository.js';
import { API, useLiveOpsFixture } from './live-ops-fixture.js';

describe('live-ops: another organization’s segment is 404 on every route (docs/architecture.md §2)', () => {
  const f = useLiveOpsFixture();
  beforeAll(async () => {
    await f.loadTiny(f.eveOrg);
  });

  const routes = (id: string) => [
    { method: 'GET' as const, url: `${API}/segments/${id}` },
    { method: 'PATCH' as const, url: `${API}/segments/${id}`, payload: { name: 'Mine now' } },
    { method: 'GET' as const, url: `${API}/segments/${id}/data` },
    { method: 'GET' as const, url: `${API}/segments/${id}/data?pivot=plan` },
    { method: 'POST' as const, url: `${API}/segments/${id}/export-tickets`, payload: {} },
    { method: 'GET' as const, url: `${API}/segments/${id}/dependents` },
    { method: 'DELETE' as const, url: `${API}/segments/${id}` },
  ];

  it('answers 404 to Eve for each of Dana’s segments, and for malformed ids', async () => {
    for (const id of [f.segmentId('All accounts'), f.segmentId('Active users'), 'not-a-uuid']) {
      for (const request of routes(id)) {
        const response = await f.inject(f.eve, request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found', message: 'Segment not found' });
      }
    }
    const rows = await f.t.database.db.select().from(segments);
    expect(rows.some((row) => row.name === 'Mine now')).toBe(false);
    expect(rows.map((row) => row.id)).toContain(f.segmentId('All accounts'));
  });

  it('answers 404 to an export whose valid ticket belongs to another organization', async () => {
    const ticket = await f.inject(f.eve, {
      method: 'POST',
      url: `${API}/segments/${f.eveSegmentId('All accounts')}/export-tickets`,
      payload: {},
    });
    expect(ticket.statusCode).toBe(201);
    const token = ticket.json<{ data: { ticket: string } }>().data.ticket;
    const response = await f.t.app.inject({
      method: 'GET',
      url: `${API}/segments/${f.segmentId('All accounts')}/export`,
      query: { token },
    });
    expect(response.statusCode).toBe(404);
  });

  it('serves each organization its own warehouse rows', async () => {
    const ids = async (user: typeof f.dana, id: string) => {
      const response = await f.inject(user, { method: 'GET', url: `${API}/segments/${id}/data` });
      return response.json<{ data: { total: number } }>().data.total;
    };
    expect(await ids(f.dana, f.segmentId('All accounts'))).toBe(50);
    await f.t.app.warehouse.engine.dropOrganization(f.eveOrg);
    const eve = await f.inject(f.eve, {
      method: 'GET',
      url: `${API}/segments/${f.eveSegmentId('All accounts')}/data`,
    });
    expect(eve.statusCode).toBe(202);
    expect(await ids(f.dana, f.segmentId('All accounts'))).toBe(50);
  });

  it('scopes repository statements: Dana’s id with Eve’s organization finds and changes nothing', async () => {
    const { db } = f.t.database;
    const id = f.segmentId('All accounts');
    expect(await findSegment(db, f.eveOrg, id)).toBeUndefined();
    expect(await updateSegment(db, f.eveOrg, id, { name: 'Hijacked' })).toBeUndefined();
    expect((await findSegment(db, f.danaOrg, id))?.name).toBe('All accounts');
  });
});
