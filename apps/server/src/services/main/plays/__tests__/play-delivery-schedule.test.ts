import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  NOTIFICATIONS_API,
  PLAYS_API,
  type Inbox,
  type PlayRun,
  type PlayRunDetail,
  type ResendResult,
} from '@revlane/contracts';
import { OUTBOX_DIR, readOutbox } from '../../../../platform/mail/outbox.js';
import { secretBoxFor } from '../../../../platform/secrets/secrets-plugin.js';
import {
  API,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../../live-ops/__tests__/live-ops-fixture.js';
import { setPlan } from '../../../live-ops/notifications/__tests__/alerts-fixture.js';
import {
  FAST_POLLING,
  insertAccountsCohort,
  snapshotThroughQueue,
} from '../../../live-ops/snapshots/__tests__/snapshot-fixture.js';
import { testUser } from '../../../../../test/app.js';
import { PLAY_RUN_JOB } from '../runs/play-jobs.js';
import { playsClient, webhookPlayBody } from './plays-client.js';
import { startWebhookReceiver } from './webhook-receiver.js';

/** The default schedule (5,300,1800,7200,…) at 1/100 of its time: 10 minutes are 6 s here. */
const SCALED_SCHEDULE = '0.05,3,18,72,180,360,360';
const OUTAGE_MS = 6_000;

/** A fixture whose deliveries retry on `schedule`, with 50 free accounts and a pro cohort. */
function useDeliveryFixture(schedule: string) {
  const c = {} as {
    f: LiveOpsFixture;
    p: ReturnType<typeof playsClient>;
    receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    accounts: string[];
    cohortId: string;
  };
  beforeAll(async () => {
    c.f = await createLiveOpsFixture({
      ...FAST_POLLING,
      env: {
        ...FAST_POLLING.env,
        OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
        DELIVERY_RETRY_SCHEDULE: schedule,
      },
    });
    c.p = playsClient(c.f);
    c.receiver = await startWebhookReceiver();
    const { engine } = c.f.t.app.warehouse;
    const rows = await engine.query(c.f.danaOrg, {
      sql: `SELECT id FROM ${engine.dialect.table(c.f.danaOrg, 'segment_accounts')} ORDER BY id`,
      params: [],
    });
    c.accounts = rows.map((row) => row.id as string);
    await setPlan(c.f, c.accounts, 'free');
    c.cohortId = await insertAccountsCohort(c.f, 'Pro accounts');
    await snapshotThroughQueue(c.f, c.f.danaOrg);
  });
  afterAll(async () => {
    await c.receiver?.close();
    await c.f?.close();
  });
  return c;
}

/** An active webhook play to the receiver; `count` accounts enter its cohort and it runs. */
async function runWebhookPlay(
  c: ReturnType<typeof useDeliveryFixture>,
  name: string,
  from: number,
  count: number,
) {
  const play = await c.p.create(c.f.dana, {
    ...webhookPlayBody(c.cohortId, c.receiver.url),
    name,
    status: 'active',
  });
  c.receiver.useSecret(play.webhookSecrets[0]!.secret);
  await setPlan(c.f, c.accounts.slice(from, from + count), 'pro');
  await snapshotThroughQueue(c.f, c.f.danaOrg);
  const sending = c.f.t.app.jobs.drain(PLAY_RUN_JOB);
  const [run] = await waitFor(async () => {
    const runs = await c.p.read<PlayRun[]>(c.f.dana, PLAYS_API.runs(play.id));
    return runs.length > 0 ? runs : null;
  });
  const detail = () => c.p.read<PlayRunDetail>(c.f.dana, PLAYS_API.run(play.id, run!.id));
  return { play, run: run!, sending, detail };
}

/**
 * Durable delivery (docs/architecture.md §6, ADR 0031): a receiver that is down longer than a few
 * quick tries gets every item once it is back, on the retry schedule; a spent schedule fails
 * the items, and a resend delivers them with their original `webhook-id`.
 */
describe('plays: a receiver outage of 10 minutes (the default schedule at 1/100)', () => {
  const c = useDeliveryFixture(SCALED_SCHEDULE);

  it('items wait pending with their next attempt and the reason, then all arrive, none twice', async () => {
    await c.receiver.goDown();
    const { run, sending, detail } = await runWebhookPlay(c, 'Through an outage', 0, 10);
    const waiting = await waitFor(async () => {
      const now = await detail();
      return now.items.every((item) => item.attempts >= 2) ? now : null;
    });
    expect(waiting.status).toBe('running');
    for (const item of waiting.items) {
      expect(item.status).toBe('pending');
      expect(Date.parse(item.nextAttemptAt!)).toBeGreaterThan(Date.now());
      expect(item.error).toMatch(/^Connection refused by 127\.0\.0\.1:\d+/);
    }
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await c.receiver.comeBack();
    await sending;
    const settled = await detail();
    expect(settled).toMatchObject({ status: 'succeeded', counts: { succeeded: 10, pending: 0 } });
    expect(settled.items.every((item) => item.nextAttemptAt === null)).toBe(true);
    expect(run.status).toBe('running');
    expect(c.receiver.received).toHaveLength(10);
    expect(c.receiver.uniqueIds()).toBe(10);
  });
});

describe('plays: a spent schedule, then "resend"', () => {
  const c = useDeliveryFixture('0.05');

  it('fails the items after the last try; a resend sends them again with their webhook-id', async () => {
    c.receiver.answerWith(() => ({ status: 503 }));
    const { play, run, sending, detail } = await runWebhookPlay(c, 'Receiver broken', 0, 3);
    await sending;
    const failed = await detail();
    expect(failed).toMatchObject({ status: 'failed', counts: { failed: 3, pending: 0 } });
    expect(failed.items.map((item) => [item.attempts, item.error])).toEqual(
      Array(3).fill([2, 'HTTP 503 Service Unavailable']),
    );
    const tried = [...c.receiver.tried];

    // The admins are told: a notice in the inbox (counted as unread) and an email.
    const inbox = await c.f.inject(c.f.dana, {
      method: 'GET',
      url: `${API}/${NOTIFICATIONS_API.inbox}`,
    });
    const { notices, unread } = inbox.json<{ data: Inbox }>().data;
    const title = 'Play "Receiver broken": 3 deliveries failed';
    expect(notices).toEqual([
      expect.objectContaining({
        title,
        body: 'First error: HTTP 503 Service Unavailable',
        link: `/app/plays/${play.id}?run=${run.id}`,
        read: false,
      }),
    ]);
    expect(unread).toBeGreaterThanOrEqual(1);
    const mail = readOutbox(
      path.join(c.f.t.config.dataDir, OUTBOX_DIR),
      secretBoxFor(c.f.t.config),
    ).filter((message) => message.subject === title);
    expect(mail.map((message) => message.to)).toEqual(['dana@acme-demo.example']);
    expect(mail[0]!.text).toContain(`/app/plays/${play.id}?run=${run.id}`);
    const read = await c.f.inject(c.f.dana, {
      method: 'POST',
      url: `${API}/${NOTIFICATIONS_API.inboxRead}`,
      payload: { noticeIds: [notices[0]!.id] },
    });
    expect(read.statusCode).toBe(204);
    const after = await c.f.inject(c.f.dana, {
      method: 'GET',
      url: `${API}/${NOTIFICATIONS_API.inbox}`,
    });
    expect(after.json<{ data: Inbox }>().data.notices[0]!.read).toBe(true);

    c.receiver.answerWith(() => ({ status: 200 }));
    const mia = await testUser(c.f.t, 'mia@acme-demo.example', { email_verified: true });
    const member = await c.p.call(mia, 'POST', PLAYS_API.resend(play.id, run.id));
    expect(member.statusCode).toBe(403);
    const resent = await c.p.call(c.f.dana, 'POST', PLAYS_API.resend(play.id, run.id));
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json<{ data: ResendResult }>().data).toEqual({ resent: 3 });
    await c.f.t.app.jobs.drain(PLAY_RUN_JOB);
    expect(await detail()).toMatchObject({
      status: 'succeeded',
      counts: { succeeded: 3, failed: 0, pending: 0 },
    });
    // The same webhook-ids the failed tries carried: a receiver can tell a resend.
    expect(new Set(c.receiver.received.map((entry) => entry.id))).toEqual(new Set(tried));
    const again = await c.p.call(c.f.dana, 'POST', PLAYS_API.resend(play.id, run.id));
    expect(again.json<{ data: ResendResult }>().data).toEqual({ resent: 0 });
    const missing = await c.p.call(
      c.f.dana,
      'POST',
      PLAYS_API.resend(play.id, crypto.randomUUID()),
    );
    expect(missing.statusCode).toBe(404);
  });
});

/** Polls `probe` until it answers something (every 100 ms, at most 20 s). */
async function waitFor<T>(probe: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('waited 20 s');
}
