import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API, type Notification, type NotificationPage } from '@revlane/contracts';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';
import { useLiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { newAlertBody, notificationsClient } from './notifications-client.js';

describe('live-ops: notifications (alerts) CRUD', () => {
  const f = useLiveOpsFixture({ load: false });
  let n: ReturnType<typeof notificationsClient>;
  let segment: string;
  let cohortId: string;
  beforeAll(async () => {
    n = notificationsClient(f);
    segment = f.segmentId('All accounts');
    cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'Pro', filters: [] })).id;
  });

  it('creates, reads, lists (per segment too), changes and deletes an alert', async () => {
    const created = await n.create(f.dana, {
      ...newAlertBody(segment, cohortId, 'Pro shrinks'),
      type: 'less',
      threshold: { kind: 'percent', value: 10 },
      channels: { inApp: true, slack: null, email: ['ops@acme-demo.example'] },
    });
    expect(created).toMatchObject({
      name: 'Pro shrinks',
      segmentName: 'All accounts',
      cohortName: 'Pro',
      type: 'less',
      threshold: { kind: 'percent', value: 10 },
      enabled: true,
      snoozedUntil: null,
      lastFiredAt: null,
    });
    const one = await n.read<Notification>(f.dana, NOTIFICATIONS_API.notification(created.id));
    expect(one).toEqual(created);
    const page = await n.read<NotificationPage>(f.dana, `${NOTIFICATIONS_API.list}?search=shrinks`);
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 50 });
    expect(page.items.map((item) => item.id)).toEqual([created.id]);
    const bySegment = await n.read<NotificationPage>(
      f.dana,
      NOTIFICATIONS_API.segmentNotifications(segment),
    );
    expect(bySegment.items.map((item) => item.id)).toContain(created.id);

    const snoozedUntil = '2030-01-01T00:00:00.000Z';
    const patch = await n.call(f.dana, 'PATCH', NOTIFICATIONS_API.notification(created.id), {
      enabled: false,
      snoozedUntil,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<{ data: Notification }>().data).toMatchObject({
      enabled: false,
      snoozedUntil,
    });

    const removed = await n.call(f.dana, 'DELETE', NOTIFICATIONS_API.notification(created.id));
    expect(removed.statusCode).toBe(204);
    const gone = await n.call(f.dana, 'GET', NOTIFICATIONS_API.notification(created.id));
    expect(gone.statusCode).toBe(404);
  });

  it('names each bad field', async () => {
    const response = await n.post(f.dana, {
      name: '',
      segmentId: segment,
      cohortId,
      type: 'less',
      channels: { inApp: false, slack: null, email: ['not-an-address'] },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.name', 'body.channels.email.0', 'body.threshold']),
    );
    const alert = await n.create(f.dana, newAlertBody(segment, cohortId, 'Patch check'));
    const bad = await n.call(f.dana, 'PATCH', NOTIFICATIONS_API.notification(alert.id), {
      type: 'less',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'body.threshold' }),
    ]);
  });

  it('refuses a cohort of another segment (400) or organization (404)', async () => {
    const otherSegment = f.segmentId('Active users');
    const wrongSegment = await n.post(f.dana, newAlertBody(otherSegment, cohortId));
    expect(wrongSegment.statusCode).toBe(400);
    expect(wrongSegment.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe(
      'body.cohortId',
    );
    const eveSegment = f.eveSegmentId('All accounts');
    const eveCohort = await cohortsClient(f).create(f.eve, eveSegment, {
      name: 'Eve',
      filters: [],
    });
    expect((await n.post(f.dana, newAlertBody(segment, eveCohort.id))).statusCode).toBe(404);
    expect((await n.post(f.dana, newAlertBody(eveSegment, eveCohort.id))).statusCode).toBe(404);
  });

  it('keeps a cohort with alerts from being deleted (ADR 0006), naming the alert', async () => {
    const cohort = await cohortsClient(f).create(f.dana, segment, { name: 'Watched', filters: [] });
    const alert = await n.create(f.dana, newAlertBody(segment, cohort.id, 'Watcher'));
    const refused = await cohortsClient(f).remove(f.dana, segment, cohort.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ errors: unknown[] }>().errors).toEqual([
      { path: `alert:${alert.id}`, message: 'Watcher' },
    ]);
    await n.call(f.dana, 'DELETE', NOTIFICATIONS_API.notification(alert.id));
    expect((await cohortsClient(f).remove(f.dana, segment, cohort.id)).statusCode).toBe(204);
  });

  it('keeps organizations apart on every route', async () => {
    const alert = await n.create(f.dana, newAlertBody(segment, cohortId, 'Dana only'));
    const paths = [NOTIFICATIONS_API.notification(alert.id), NOTIFICATIONS_API.firings(alert.id)];
    for (const path of paths) expect((await n.call(f.eve, 'GET', path)).statusCode).toBe(404);
    const patch = await n.call(f.eve, 'PATCH', NOTIFICATIONS_API.notification(alert.id), {
      name: 'Taken',
    });
    expect(patch.statusCode).toBe(404);
    expect((await n.call(f.eve, 'POST', NOTIFICATIONS_API.test(alert.id))).statusCode).toBe(404);
    expect(
      (await n.call(f.eve, 'DELETE', NOTIFICATIONS_API.notification(alert.id))).statusCode,
    ).toBe(404);
    expect(
      (await n.call(f.eve, 'GET', NOTIFICATIONS_API.segmentNotifications(segment))).statusCode,
    ).toBe(404);
    const evePage = await n.read<NotificationPage>(f.eve, NOTIFICATIONS_API.list);
    expect(evePage.items).toEqual([]);
    expect(
      (await n.read<Notification>(f.dana, NOTIFICATIONS_API.notification(alert.id))).name,
    ).toBe('Dana only');
  });
});
