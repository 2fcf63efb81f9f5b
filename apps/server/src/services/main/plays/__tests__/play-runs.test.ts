import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAYS_API,
  type CreatePlayBody,
  type PlayPreview,
  type PlayRun,
  type PlayRunDetail,
} from '@revlane/contracts';
import {
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../../live-ops/__tests__/live-ops-fixture.js';
import { setPlan } from '../../../live-ops/notifications/__tests__/alerts-fixture.js';
import {
  FAST_POLLING,
  insertAccountsCohort,
  snapshotThroughQueue,
} from '../../../live-ops/snapshots/__tests__/snapshot-fixture.js';
import { playRunItems, plays } from '../../../../platform/database/schema/index.js';
import { PLAY_RUN_JOB, PLAY_TICK_JOB } from '../runs/play-jobs.js';
import { playRunDeps } from '../runs/play-run-deps.js';
import { runPlay } from '../runs/run-play.js';
import { playsClient, webhookPlayBody } from './plays-client.js';
import { startWebhookReceiver } from './webhook-receiver.js';

async function allAccountIds(f: LiveOpsFixture): Promise<string[]> {
  const { engine } = f.t.app.warehouse;
  const rows = await engine.query(f.danaOrg, {
    sql: `SELECT id FROM ${engine.dialect.table(f.danaOrg, 'segment_accounts')} ORDER BY id`,
    params: [],
  });
  return rows.map((row) => row.id as string);
}

describe('plays: runs after cohort snapshots, signed webhooks, exactly once', () => {
  let f: LiveOpsFixture;
  let p: ReturnType<typeof playsClient>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let cohortId: string;
  let accounts: string[];
  let playId: string;
  const snapshotAndRun = async () => {
    await snapshotThroughQueue(f, f.danaOrg);
    await f.t.app.jobs.drain(PLAY_RUN_JOB);
  };
  const runs = (id: string) => p.read<PlayRun[]>(f.dana, PLAYS_API.runs(id));
  /** An active webhook play to the receiver on the cohort, acting on its current members too. */
  const activeWebhookPlay = async (name: string, more: Partial<CreatePlayBody> = {}) => {
    const play = await p.create(f.dana, {
      ...webhookPlayBody(cohortId, receiver.url),
      name,
      status: 'active',
      includeExisting: true,
      ...more,
    });
    receiver.useSecret(play.webhookSecrets[0]!.secret);
    return play;
  };

  beforeAll(async () => {
    f = await createLiveOpsFixture({
      ...FAST_POLLING,
      env: {
        ...FAST_POLLING.env,
        OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
        FEATURE_FLAGS: 'edit_play_schedule',
      },
    });
    p = playsClient(f);
    receiver = await startWebhookReceiver();
    accounts = await allAccountIds(f);
    await setPlan(f, accounts, 'free');
    cohortId = await insertAccountsCohort(f, 'Pro accounts');
    const play = await p.create(f.dana, {
      ...webhookPlayBody(cohortId, receiver.url),
      status: 'active',
    });
    playId = play.id;
    receiver.useSecret(play.webhookSecrets[0]!.secret);
  });
  afterAll(async () => {
    await receiver.close();
    await f.close();
  });

  it('the first snapshot is a baseline: no run', async () => {
    await snapshotAndRun();
    expect(await runs(playId)).toEqual([]);
  });

  it('50 records entering make exactly 50 signed webhooks, one per idempotency key', async () => {
    expect(accounts).toHaveLength(50);
    await setPlan(f, accounts, 'pro');
    await snapshotAndRun();
    expect(receiver.badSignatures).toEqual([]);
    expect(receiver.received).toHaveLength(50);
    expect(receiver.uniqueIds()).toBe(50);
    expect(new Set(receiver.received.map((entry) => entry.recordId))).toEqual(new Set(accounts));
    expect(receiver.received[0]!.body).toHaveProperty('account');
    const [run] = await runs(playId);
    expect(run).toMatchObject({
      trigger: 'cohort_entered',
      status: 'succeeded',
      counts: { records: 50, succeeded: 50, failed: 0, pending: 0 },
    });
    const detail = await p.read<PlayRunDetail>(f.dana, PLAYS_API.run(playId, run!.id));
    expect(detail.items).toHaveLength(50);
    expect(detail.items.every((item) => item.status === 'succeeded' && item.attempts === 1)).toBe(
      true,
    );
  });

  it('reentry once: records leaving and coming back are not acted on again', async () => {
    const some = accounts.slice(0, 5);
    await setPlan(f, some, 'free');
    await snapshotAndRun();
    await setPlan(f, some, 'pro');
    await snapshotAndRun();
    expect(receiver.received).toHaveLength(50);
    expect(await runs(playId)).toHaveLength(1);
  });

  it('preview renders up to 3 members and sends nothing', async () => {
    const preview = await p.call(f.dana, 'POST', PLAYS_API.preview(playId));
    expect(preview.statusCode, preview.body).toBe(200);
    const { records } = preview.json<{ data: PlayPreview }>().data;
    expect(records).toHaveLength(3);
    const [action] = records[0]!.actions;
    expect(action).toMatchObject({ type: 'webhook', payload: { url: receiver.url } });
    const body = (action!.payload as { body: Record<string, string> }).body;
    expect(body.plan).toBe('pro');
    expect(body.account).not.toBe('');
    expect(receiver.received).toHaveLength(50);
  });

  it('includeExisting acts on current members; a 429 then success; a permanent error makes it partial', async () => {
    const [limited, refused] = accounts as [string, string];
    receiver.answerWith((recordId, tries) => {
      if (recordId === limited && tries === 1) return { status: 429, retryAfter: '1' };
      if (recordId === refused) return { status: 410 };
      return { status: 200 };
    });
    receiver.tries.clear();
    const play = await activeWebhookPlay('Everyone already in');
    const before = receiver.received.length;
    await snapshotAndRun();
    const [run] = await runs(play.id);
    expect(run).toMatchObject({
      status: 'partial',
      counts: { records: 50, succeeded: 49, failed: 1, pending: 0 },
    });
    expect(receiver.received.length - before).toBe(49);
    const detail = await p.read<PlayRunDetail>(f.dana, PLAYS_API.run(play.id, run!.id));
    const byRecord = new Map(detail.items.map((item) => [item.recordId, item]));
    expect(byRecord.get(limited)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(byRecord.get(refused)).toMatchObject({ status: 'failed', error: 'HTTP 410 Gone' });
    // Deleted, its runs stay readable.
    await p.call(f.dana, 'DELETE', PLAYS_API.play(play.id));
    expect(await runs(play.id)).toHaveLength(1);
    expect((await p.call(f.eve, 'GET', PLAYS_API.runs(play.id))).statusCode).toBe(404);
  });

  it('marks lost after the receiver accepted (a worker killed in between): the resend keeps its webhook-id', async () => {
    receiver.answerWith(() => ({ status: 200 }));
    const play = await activeWebhookPlay('Killed mid-run');
    const before = receiver.received.length;
    await snapshotAndRun();
    const [run] = await runs(play.id);
    // A worker killed between the receiver's 200 and its own mark leaves these items pending,
    // their lease run out: the sweep or the job's retry sends them again.
    const lost = (
      await f.t.database.db.select().from(playRunItems).where(eq(playRunItems.runId, run!.id))
    ).slice(0, 10);
    for (const item of lost) {
      await f.t.database.db
        .update(playRunItems)
        .set({ status: 'pending', claimedUntil: null })
        .where(eq(playRunItems.id, item.id));
    }
    await runPlay(playRunDeps(f.t.app, f.t.app.log), run!.id);
    const mine = receiver.received.slice(before);
    expect(mine).toHaveLength(60);
    expect(new Set(mine.map((entry) => entry.id)).size).toBe(50);
    const [settled] = await runs(play.id);
    expect(settled).toMatchObject({ status: 'succeeded', counts: { succeeded: 50, pending: 0 } });
  });

  it('a schedule play runs when its time comes, for the records since its last run', async () => {
    receiver.answerWith(() => ({ status: 200 }));
    const play = await activeWebhookPlay('Every Monday', {
      trigger: { type: 'schedule', cohortId, cron: '0 9 * * 1', timezone: 'Europe/Paris' },
    });
    await snapshotAndRun();
    expect(await runs(play.id)).toEqual([]);
    const before = receiver.received.length;
    await f.t.database.db
      .update(plays)
      .set({ nextRunAt: new Date(Date.now() - 1_000) })
      .where(eq(plays.id, play.id));
    await f.t.app.jobs.send(PLAY_TICK_JOB, {});
    await f.t.app.jobs.drain(PLAY_TICK_JOB);
    await f.t.app.jobs.drain(PLAY_RUN_JOB);
    const [run] = await runs(play.id);
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
      counts: { records: 50 },
    });
    expect(receiver.received.length - before).toBe(50);
    const [row] = await f.t.database.db.select().from(plays).where(eq(plays.id, play.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });
});
