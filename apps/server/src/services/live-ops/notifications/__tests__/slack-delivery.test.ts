import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  connections,
  notificationDeliveries,
  notificationFirings,
  notifications,
} from '../../../../platform/database/schema/index.js';
import { createLazyMailer } from '../../../../platform/mail/mailer.js';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';
import {
  API,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../__tests__/live-ops-fixture.js';
import {
  CONNECTIONS_API,
  NOTIFICATIONS_API,
  PLAYS_API,
  type Notification,
  type Play,
  type PlayPage,
  type Firing,
  type ResendResult,
  type TestSend,
} from '@revlane/contracts';
import { deliverNotification, type DeliveryDeps } from '../deliver-notification.js';
import { DELIVERY_LEASE_MS, NOTIFICATION_DELIVERY_JOB } from '../notification-jobs.js';
import { slackSender } from '../../../../integrations/slack/slack-sender.js';
import {
  seedConnection,
  slackEnvFor,
  startFakeProvider,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';

/** #alerts in the sandbox workspace. */
const CHANNEL = 'CSBX00003';

interface SlackReceived {
  channel: string;
  text: string;
  blocks: { type: string; text?: { text: string } }[];
  metadata?: { event_type: string; event_payload: { idempotency_key: string } };
}

describe('alerts: Slack delivery (outbox row → the Slack connection → the sandbox workspace)', () => {
  let f: LiveOpsFixture;
  let slack: FakeProvider;
  let deps: DeliveryDeps;
  let alertId: string;
  let cohortId: string;
  const slept: number[] = [];
  /** What the sandbox workspace received: every chat.postMessage it accepted. */
  const received = () =>
    slack.oauth.received
      .filter((r) => r.kind === 'chat.postMessage')
      .map((r) => r.body as SlackReceived);
  const withKey = (key: string) =>
    received().filter((post) => post.metadata?.event_payload.idempotency_key === key);

  beforeAll(async () => {
    slack = await startFakeProvider('slack');
    f = await createLiveOpsFixture({ load: false, env: slackEnvFor(slack) });
    await seedConnection(f.t.app, f.danaOrg, 'slack', slack);
    deps = {
      db: f.t.database.db,
      mailer: createLazyMailer(f.t.config),
      slack: slackSender(f.t.app, {
        sleep: (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
      }),
      appUrl: 'http://app.test',
      log: f.t.app.log,
      retryScheduleSeconds: f.t.config.delivery.retryScheduleSeconds,
    };
    const segmentId = f.segmentId('All accounts');
    const cohort = await cohortsClient(f).create(f.dana, segmentId, { name: 'C', filters: [] });
    cohortId = cohort.id;
    const [alert] = await deps.db
      .insert(notifications)
      .values({
        orgId: f.danaOrg,
        segmentId,
        cohortId: cohort.id,
        name: 'New pro',
        type: 'new',
        channels: { inApp: false, slack: { channelId: CHANNEL }, email: [] },
      })
      .returning();
    alertId = alert!.id;
  });
  afterAll(async () => {
    await f?.close();
    await slack?.close();
  });

  /** A firing of 12 records and its pending Slack row, as the evaluation writes them. */
  async function pendingDelivery(channel = CHANNEL) {
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

  it('sends Block Kit: header, 10 records, "+2 more" into the app, fallback text, the key', async () => {
    const row = await pendingDelivery();
    await deliverNotification(deps, row.id);
    const [post, ...others] = withKey(row.idempotencyKey);
    expect(others).toHaveLength(0);
    expect(post!.channel).toBe(CHANNEL);
    expect(post!.text).toBe('New pro: 12 new records');
    expect(post!.blocks[0]!.type).toBe('header');
    expect(post!.blocks.filter((block) => block.text?.text.startsWith('Acme'))).toHaveLength(10);
    expect(post!.blocks.at(-1)!.text!.text).toBe(
      `<http://app.test/app/notifications/${alertId}|+2 more>`,
    );
    expect(post!.metadata!.event_type).toBe('revlane_alert');
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('waits for Retry-After on a 429, then sends once', async () => {
    const row = await pendingDelivery();
    slack.oauth.throttleNext = 1;
    await deliverNotification(deps, row.id);
    expect(slept).toEqual([1000]);
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('fails for good on a permanent error, shown on the row, without retrying', async () => {
    const row = await pendingDelivery('C-GONE');
    await deliverNotification(deps, row.id);
    await deliverNotification(deps, row.id);
    expect(withKey(row.idempotencyKey)).toHaveLength(0);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'channel_not_found',
    });
  });

  it('a worker killed after Slack accepted and before marking: the retry finds the message in the channel and sends nothing', async () => {
    // Other messages in the channel before and after it: the key is what is looked for.
    for (let i = 0; i < 3; i += 1) await deliverNotification(deps, (await pendingDelivery()).id);
    const row = await pendingDelivery();
    const crashing = {
      ...deps,
      afterSend: () => {
        throw new Error('killed');
      },
    };
    await expect(deliverNotification(crashing, row.id)).rejects.toThrow('killed');
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending' });
    for (let i = 0; i < 3; i += 1) await deliverNotification(deps, (await pendingDelivery()).id);
    // Within the lease nobody else takes it (the job throws, so the queue tries again later);
    // after it, the retried or swept job does.
    await expect(deliverNotification(deps, row.id)).rejects.toThrow(/is held until/);
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
    await deliverNotification(deps, row.id, new Date(Date.now() + DELIVERY_LEASE_MS + 1));
    // The channel's history (conversations.history with its metadata) had it: no resend.
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    await deliverNotification(deps, row.id, new Date(Date.now() + 2 * DELIVERY_LEASE_MS));
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
  });

  it('a retry whose first attempt never reached Slack sends the message once', async () => {
    const row = await pendingDelivery();
    // The first attempt's worker dies before it posts: the claim (attempt 1) stays behind.
    await deps.db
      .update(notificationDeliveries)
      .set({ attempts: 1, claimedUntil: new Date(Date.now() - 1) })
      .where(eq(notificationDeliveries.id, row.id));
    await deliverNotification(deps, row.id);
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('Slack down: pending with its next attempt on the schedule, failed once it is spent; resend sends it once', async () => {
    const row = await pendingDelivery();
    slack.oauth.throttleNext = 1_000;
    const interrupted = { ...deps, sleep: () => Promise.reject(new Error('stopped')) };
    await expect(deliverNotification(interrupted, row.id)).rejects.toThrow('stopped');
    const firings = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${NOTIFICATIONS_API.firings(alertId)}`,
    });
    const waiting = firings
      .json<{ data: Firing[] }>()
      .data.find((firing) => firing.id === row.firingId)!.deliveries[0]!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    // Slack's Retry-After (1 s) is longer than the schedule's first wait: it wins.
    expect(Date.parse(waiting.nextAttemptAt!) - Date.now()).toBeGreaterThan(500);

    const waits: number[] = [];
    const quick = {
      ...deps,
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
    };
    await deliverNotification(quick, row.id, new Date(Date.now() + 1_000));
    const schedule = f.t.config.delivery.retryScheduleSeconds;
    expect(await rowOf(row.id)).toMatchObject({
      status: 'failed',
      attempts: schedule.length + 1,
      nextAttemptAt: null,
    });
    expect(waits).toHaveLength(schedule.length - 1);
    expect(withKey(row.idempotencyKey)).toHaveLength(0);

    slack.oauth.throttleNext = 0;
    const resent = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${NOTIFICATIONS_API.resend(alertId, row.firingId)}`,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json<{ data: ResendResult }>().data).toEqual({ resent: 1 });
    await f.t.app.jobs.drain(NOTIFICATION_DELIVERY_JOB);
    expect(withKey(row.idempotencyKey)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', error: null });
    const elsewhere = await f.inject(f.eve, {
      method: 'POST',
      url: `${API}/${NOTIFICATIONS_API.resend(alertId, row.firingId)}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('"Send test" of an unsaved alert reaches the channel and says what each channel answered', async () => {
    const response = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/notifications/test`,
      payload: {
        name: 'Draft',
        type: 'new',
        channels: { inApp: true, slack: { channelId: CHANNEL }, email: [] },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: TestSend }>().data.results).toEqual([
      { channel: 'inApp', target: expect.any(String) as string, ok: true, error: null },
      { channel: 'slack', target: CHANNEL, ok: true, error: null },
    ]);
    expect(received().at(-1)!.text).toBe('[Test] Draft: 1 new record');
    const gone = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/notifications/test`,
      payload: {
        name: 'Draft',
        type: 'new',
        channels: { inApp: false, slack: { channelId: 'C-GONE' }, email: [] },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(gone.json<{ data: TestSend }>().data.results).toEqual([
      { channel: 'slack', target: 'C-GONE', ok: false, error: 'channel_not_found' },
    ]);
  });

  it('a disconnect lists the alerts and plays on Slack first; after it they warn, a reconnect clears it', async () => {
    const created = await f.inject(f.dana, {
      method: 'POST',
      url: `/api/v1/${PLAYS_API.list}`,
      payload: {
        name: 'Tell sales',
        trigger: { type: 'cohort_entered', cohortId },
        actions: [{ type: 'slack_message', channel: CHANNEL, text: 'In: {{account.name}}' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const playId = created.json<{ data: Play }>().data.id;
    const dependents = await f.inject(f.dana, {
      method: 'GET',
      url: `/composer/api/v1/${CONNECTIONS_API.dependents('slack')}`,
    });
    expect(dependents.json<{ data: unknown[] }>().data).toEqual([
      { kind: 'alert', id: alertId, name: 'New pro' },
      { kind: 'play', id: playId, name: 'Tell sales' },
    ]);
    const warnings = async () => {
      const alert = await f.inject(f.dana, {
        method: 'GET',
        url: `${API}/${NOTIFICATIONS_API.notification(alertId)}`,
      });
      const play = await f.inject(f.dana, {
        method: 'GET',
        url: `/api/v1/${PLAYS_API.play(playId)}`,
      });
      const plays = await f.inject(f.dana, { method: 'GET', url: `/api/v1/${PLAYS_API.list}` });
      const listed = plays.json<{ data: PlayPage }>().data.items.find((item) => item.id === playId);
      expect(listed!.warnings).toEqual(play.json<{ data: Play }>().data.warnings);
      return [
        alert.json<{ data: Notification }>().data.warnings,
        play.json<{ data: Play }>().data.warnings,
      ];
    };
    expect(await warnings()).toEqual([[], []]);
    const disconnected = await f.inject(f.dana, {
      method: 'DELETE',
      url: `/composer/api/v1/${CONNECTIONS_API.one('slack')}`,
    });
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    expect(await warnings()).toEqual([['Slack is not connected'], ['Slack is not connected']]);
    await f.t.database.db
      .update(connections)
      .set({ status: 'connected' })
      .where(eq(connections.orgId, f.danaOrg));
    expect(await warnings()).toEqual([[], []]);
  });

  it('without a Slack connection the row fails with "Slack is not connected"', async () => {
    await f.t.database.db.delete(connections).where(eq(connections.orgId, f.danaOrg));
    const row = await pendingDelivery();
    await deliverNotification(deps, row.id);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'failed',
      error: 'Slack is not connected',
    });
  });
});
