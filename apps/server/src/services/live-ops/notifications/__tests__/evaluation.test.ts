import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API, type Firing, type Inbox, type Notification } from '@revlane/contracts';
import { OUTBOX_DIR, readOutbox } from '../../../../platform/mail/outbox.js';
import { secretBoxFor } from '../../../../platform/secrets/secrets-plugin.js';
import {
  usePollingFixture,
  insertAccountsCohort,
} from '../../snapshots/__tests__/snapshot-fixture.js';
import { newAlertBody, notificationsClient } from './notifications-client.js';
import { nonProIds, setPlan, snapshotAndDeliver } from './alerts-fixture.js';

const ids = (firing: Firing) => firing.records.map((record) => record.id).sort();

describe('alerts: evaluation after each cohort snapshot (hand-checked sequence)', () => {
  const f = usePollingFixture();
  let n: ReturnType<typeof notificationsClient>;
  let newAlert: Notification;
  let lessAlert: Notification;
  let a: string, b: string, c: string, d: string;
  const firings = (alert: Notification) =>
    n.read<Firing[]>(f.dana, NOTIFICATIONS_API.firings(alert.id));

  beforeAll(async () => {
    n = notificationsClient(f);
    [a, b, c, d] = (await nonProIds(f, 4)) as [string, string, string, string];
    const segment = f.segmentId('All accounts');
    const cohortId = await insertAccountsCohort(f, 'Pro accounts');
    newAlert = await n.create(f.dana, {
      ...newAlertBody(segment, cohortId, 'New pro'),
      channels: { inApp: true, slack: null, email: ['ops@acme-demo.example'] },
    });
    lessAlert = await n.create(f.dana, {
      ...newAlertBody(segment, cohortId, 'Pro shrinks'),
      type: 'less',
      threshold: { kind: 'count', value: 2 },
    });
  });

  it('1. the first evaluation is a baseline: nobody already in fires', async () => {
    await snapshotAndDeliver(f);
    expect(await firings(newAlert)).toEqual([]);
    expect(await firings(lessAlert)).toEqual([]);
  });

  it('2. enter: fires with exactly the records that entered, delivered in-app and by email', async () => {
    await setPlan(f, [a, b], 'pro');
    await snapshotAndDeliver(f);
    const [firing, ...older] = await firings(newAlert);
    expect(older).toEqual([]);
    expect(firing).toMatchObject({ type: 'new', count: 2 });
    expect(ids(firing!)).toEqual([a, b].sort());
    expect(firing!.records[0]).toHaveProperty('domain');
    expect(firing!.deliveries.map((x) => [x.channel, x.status])).toEqual([
      ['email', 'sent'],
      ['inApp', 'sent'],
    ]);
    const mail = readOutbox(path.join(f.t.config.dataDir, OUTBOX_DIR), secretBoxFor(f.t.config));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: 'ops@acme-demo.example',
      subject: 'New pro: 2 new records',
    });
    expect(mail[0]!.text).toContain(`/app/notifications/${newAlert.id}`);
  });

  it('3. stay, and identical loads: no new firing, no duplicate', async () => {
    await snapshotAndDeliver(f);
    await snapshotAndDeliver(f);
    expect(await firings(newAlert)).toHaveLength(1);
  });

  it('4. leave: a new-records alert stays silent; a drop of 1 is under the count threshold', async () => {
    await setPlan(f, [a], 'free');
    await snapshotAndDeliver(f);
    expect(await firings(newAlert)).toHaveLength(1);
    expect(await firings(lessAlert)).toEqual([]);
  });

  it('5. re-enter: a record that left and came back counts again', async () => {
    await setPlan(f, [a], 'pro');
    await snapshotAndDeliver(f);
    const [latest] = await firings(newAlert);
    expect(ids(latest!)).toEqual([a]);
    expect(await firings(newAlert)).toHaveLength(2);
  });

  it('6. less: fires once when the drop passes the threshold, then re-arms on recovery', async () => {
    const before = await n.read<Notification>(f.dana, NOTIFICATIONS_API.notification(lessAlert.id));
    expect(before.lastFiredAt).toBeNull();
    await setPlan(f, [a, b], 'free'); // peak N+2 → N: a drop of 2
    await snapshotAndDeliver(f);
    const [drop] = await firings(lessAlert);
    expect(drop).toMatchObject({ type: 'less' });
    expect(drop!.previousCount! - drop!.count).toBe(2);
    expect(ids(drop!)).toEqual([a, b].sort());
    await snapshotAndDeliver(f); // nothing changes: no second firing
    await snapshotAndDeliver(f);
    expect(await firings(lessAlert)).toHaveLength(1); // still down: once per drop
    await setPlan(f, [a, b, c, d], 'pro'); // recovered past the old level: re-armed
    await snapshotAndDeliver(f);
    await setPlan(f, [c, d], 'free');
    await snapshotAndDeliver(f);
    const list = await firings(lessAlert);
    expect(list).toHaveLength(2);
    expect(list[0]!.previousCount! - list[0]!.count).toBe(2);
  });

  it('puts firings in the owner’s inbox, unread first, and marks them read', async () => {
    const inbox = await n.read<Inbox>(f.dana, NOTIFICATIONS_API.inbox);
    expect(inbox.unread).toBe(inbox.items.length);
    expect(inbox.items.length).toBeGreaterThanOrEqual(4);
    const first = inbox.items.at(-1)!;
    const read = await n.call(f.dana, 'POST', NOTIFICATIONS_API.inboxRead, {
      firingIds: [first.firingId],
    });
    expect(read.statusCode).toBe(204);
    const after = await n.read<Inbox>(f.dana, NOTIFICATIONS_API.inbox);
    expect(after.unread).toBe(inbox.unread - 1);
    expect(after.items.at(-1)).toMatchObject({ firingId: first.firingId, read: true });
    expect((await n.read<Inbox>(f.eve, NOTIFICATIONS_API.inbox)).items).toEqual([]);
    await n.call(f.dana, 'POST', NOTIFICATIONS_API.inboxRead, {});
    expect((await n.read<Inbox>(f.dana, NOTIFICATIONS_API.inbox)).unread).toBe(0);
  });
});
