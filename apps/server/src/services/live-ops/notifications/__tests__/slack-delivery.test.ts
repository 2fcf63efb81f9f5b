import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  notificationDeliveries,
  notificationFirings,
  notifications,
} from '../../../../platform/database/schema/index.js';
import { createLazyMailer } from '../../../../platform/mail/mailer.js';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';
import { createLiveOpsFixture, type LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { deliverNotification, type DeliveryDeps } from '../deliver-notification.js';
import { DELIVERY_LEASE_MS } from '../notification-jobs.js';
import { registerSlackConnectionResolver } from '../slack-connection.js';
import { startSlackFake } from './slack-fake.js';

describe('alerts: Slack delivery (outbox row → chat.postMessage)', () => {
  let f: LiveOpsFixture;
  let slack: Awaited<ReturnType<typeof startSlackFake>>;
  let deps: DeliveryDeps;
  let alertId: string;
  const slept: number[] = [];
  let undo: () => void;

  beforeAll(async () => {
    f = await createLiveOpsFixture({ load: false });
    slack = await startSlackFake();
    undo = registerSlackConnectionResolver(() =>
      Promise.resolve({ token: 'xoxb-test', apiUrl: slack.apiUrl }),
    );
    deps = {
      db: f.t.database.db,
      mailer: createLazyMailer(f.t.config),
      appUrl: 'http://app.test',
      log: f.t.app.log,
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    };
    const segmentId = f.segmentId('All accounts');
    const cohort = await cohortsClient(f).create(f.dana, segmentId, { name: 'C', filters: [] });
    const [alert] = await deps.db
      .insert(notifications)
      .values({
        orgId: f.danaOrg,
        segmentId,
        cohortId: cohort.id,
        name: 'New pro',
        type: 'new',
        channels: { inApp: false, slack: { channelId: 'C1' }, email: [] },
      })
      .returning();
    alertId = alert!.id;
  });
  afterAll(async () => {
    undo();
    await slack.close();
    await f.close();
  });

  /** A firing of 12 records and its pending Slack row, as the evaluation writes them. */
  async function pendingDelivery(channel = 'C1') {
    const records = Array.from({ length: 12 }, (_, i) => ({
      id: `a${i}`,
      name: `Acme ${i}`,
      domain: null,
    }));
    const [firing] = await deps.db
      .insert(notificationFirings)
      .values({
        orgId: f.danaOrg,
        notificationId: alertId,
        snapshotAt: new Date(),
        type: 'new',
        count: 12,
        previousCount: null,
        records,
      })
      .returning();
    const [row] = await deps.db
      .insert(notificationDeliveries)
      .values({
        orgId: f.danaOrg,
        firingId: firing!.id,
        channel: 'slack',
        target: channel,
        idempotencyKey: `${firing!.id}:slack:${channel}`,
      })
      .returning();
    return row!;
  }
  const rowOf = async (id: string) =>
    (
      await deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id))
    )[0]!;

  it('sends Block Kit: header, 10 records, "+2 more" into the app, fallback text', async () => {
    const row = await pendingDelivery();
    await deliverNotification(deps, row.id);
    const post = slack.received.at(-1)!;
    expect(post.text).toBe('New pro: 12 new records');
    expect(post.blocks[0]!.type).toBe('header');
    expect(post.blocks.filter((block) => block.text?.text.startsWith('Acme'))).toHaveLength(10);
    expect(post.blocks.at(-1)!.text!.text).toBe(
      `<http://app.test/app/notifications/${alertId}|+2 more>`,
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('waits for Retry-After on a 429, then sends once', async () => {
    const row = await pendingDelivery();
    slack.script.push({ status: 429, retryAfter: 3 });
    const before = slack.received.length;
    await deliverNotification(deps, row.id);
    expect(slept).toEqual([3000]);
    expect(slack.received.length).toBe(before + 1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('fails for good on a permanent error, shown on the row, without retrying', async () => {
    const row = await pendingDelivery('C-gone');
    slack.script.push({ error: 'channel_not_found' });
    const posts = slack.posts.length;
    await deliverNotification(deps, row.id);
    await deliverNotification(deps, row.id);
    expect(slack.posts.length).toBe(posts + 1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', error: 'channel_not_found' });
  });

  it('a worker killed after Slack accepted and before marking: the resend is recognised, one message', async () => {
    const row = await pendingDelivery();
    const before = slack.received.length;
    const crashing = {
      ...deps,
      afterSend: () => {
        throw new Error('killed');
      },
    };
    await expect(deliverNotification(crashing, row.id)).rejects.toThrow('killed');
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending' });
    // Within the lease nobody else takes it; after it, the sweep's job does.
    await deliverNotification(deps, row.id);
    expect(slack.posts.filter((post) => post.key === row.idempotencyKey)).toHaveLength(1);
    await deliverNotification(deps, row.id, new Date(Date.now() + DELIVERY_LEASE_MS + 1));
    expect(slack.posts.filter((post) => post.key === row.idempotencyKey)).toHaveLength(2);
    expect(slack.received.length).toBe(before + 1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
