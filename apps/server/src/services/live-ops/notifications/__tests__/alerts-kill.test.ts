import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firing } from '@revlane/contracts';
import { seedDataDir, type SeededDataDir } from '../../../../../test/seeded-data-dir.js';
import {
  apiClient,
  kill9,
  listeningUrl,
  startServer,
  stopServer,
  waitFor,
  withMetadata,
  type ServerProcess,
} from '../../../../../test/server-process.js';
import { startTestJobQueue } from '../../../../../test/jobs.js';
import { publishWarehouseLoaded } from '../../../../platform/jobs/warehouse-loaded.js';
import { OUTBOX_DIR, readOutbox } from '../../../../platform/mail/outbox.js';
import { secretBoxFor } from '../../../../platform/secrets/secrets-plugin.js';
import { loadDemoData, openWarehouse } from '../../../../warehouse/index.js';
import {
  slackIdempotencyKeys,
  startSeededSlack,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';

/** #alerts in the sandbox workspace. */
const CHANNEL = 'CSBX00003';
const EMAIL = 'ops@alerts-kill.example';
/** The seeded data directory has 300 accounts; the next load brings 60 more. */
const MORE_ACCOUNTS = { accounts: 360, users: 1_000, events: 5_000 } as const;

/**
 * Faults suite (docs/architecture.md §9, ADR 0023): the server CLI with an alert (in-app,
 * Slack, email) on a cohort; a load brings records in and publishes "warehouse loaded"; the
 * process is killed with SIGKILL
 * (a) as the cohort's snapshot is evaluated and (b) after Slack accepted the message and
 * before the delivery was marked; restarts finish the work. Each firing is delivered once per
 * channel and target: the Slack sandbox (in this process, so it outlives the kills) received
 * one message per key, the email outbox holds one message, no delivery is left pending.
 */
describe('alerts: kill -9 during evaluation and during delivery, then restarts', () => {
  let seeded: SeededDataDir;
  let slack: FakeProvider;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    seeded = await seedDataDir('alerts-kill');
    const sandbox = await startSeededSlack(seeded);
    slack = sandbox.slack;
    env = {
      ...seeded.env,
      ...sandbox.env,
      LOG_LEVEL: 'debug',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      ALERT_DELIVERY_LEASE_SECONDS: '3',
    };
  }, 180_000);
  afterAll(async () => {
    if (server) await kill9(server);
    await slack?.close();
    await seeded?.close();
  });

  async function start() {
    server = startServer(env);
    const url = await listeningUrl(server, 90_000);
    return { url, call: apiClient(`${url}/live-ops/api/v1/`, seeded.token) };
  }
  /** What a sync does at its end, done while the server is down (one process opens PGlite). */
  async function publishWarehouseLoadedWhileStopped() {
    await withMetadata(seeded.dataDir, async (database) => {
      const { queue } = await startTestJobQueue(database, { isWorking: false });
      await publishWarehouseLoaded(queue, {
        orgId: seeded.orgId,
        loadedAt: new Date().toISOString(),
        reason: 'sync',
      });
      await queue.stop();
    });
  }
  async function killServer() {
    await kill9(server!);
    server = undefined;
  }
  /** Polls an async check every 200 ms until it answers something. */
  async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await check().catch(() => undefined);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out:\n${server?.output().slice(-3_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const slackKeys = () => slackIdempotencyKeys(slack).filter((key) => key?.includes(':slack:'));
  const outbox = () =>
    readOutbox(
      path.join(seeded.dataDir, OUTBOX_DIR),
      secretBoxFor({ secretKey: undefined, dataDir: seeded.dataDir }),
    );

  it('delivers the firing once per channel and target', async () => {
    // 1. The alert on a counted cohort: its baseline is the cohort's first snapshot.
    let app = await start();
    const cohort = await app.call<{ id: string }>(
      'POST',
      `segments/${seeded.allAccountsSegmentId}/cohorts`,
      {
        name: 'Watched accounts',
        filters: [],
      },
    );
    await eventually(async () => {
      const read = await app.call<{ members: number | null }>('GET', `cohorts/${cohort.id}`);
      return read.members === 300 ? true : undefined;
    }, 30_000);
    const alert = await app.call<{ id: string }>('POST', 'notifications', {
      name: 'New accounts',
      segmentId: seeded.allAccountsSegmentId,
      cohortId: cohort.id,
      type: 'new',
      channels: { inApp: true, slack: { channelId: CHANNEL }, email: [EMAIL] },
    });
    server!.child.kill('SIGTERM');
    await server!.exited;

    // 2. A load brings 60 accounts in (the server stopped: one process owns DuckDB).
    const warehouse = openWarehouse({ dataDir: seeded.dataDir, threads: 1 });
    try {
      await loadDemoData(warehouse, seeded.orgId, MORE_ACCOUNTS);
    } finally {
      await warehouse.close();
    }

    // (a) The load's end publishes "warehouse loaded"; killed as its snapshot is evaluated.
    await publishWarehouseLoadedWhileStopped();
    slack.oauth.answerDelayMs = 4_000;
    app = await start();
    await waitFor(() => {
      const log = server!.output();
      return log.includes(cohort.id) && log.includes('"msg":"cohort snapshot"') ? true : undefined;
    }, 180_000);
    await killServer();

    // (b) Restarted: the killed snapshot job is retried, or the committed rows are swept; Slack
    // accepts and answers slowly; killed before the delivery is marked.
    app = await start();
    await waitFor(() => (slackKeys().length > 0 ? true : undefined), 30_000);
    await killServer();
    slack.oauth.answerDelayMs = 0;

    // Restarted again: everything delivered, nothing twice, nothing pending.
    app = await start();
    const firings = await eventually(async () => {
      const list = await app.call<Firing[]>('GET', `notifications/${alert.id}/firings`);
      const done =
        list.length > 0 && list.every((f) => f.deliveries.every((d) => d.status === 'sent'));
      return done ? list : undefined;
    }, 30_000);
    // A moment more, for a duplicate to show itself if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(firings).toHaveLength(1);
    const [firing] = firings;
    expect(firing).toMatchObject({ type: 'new', count: 60 });
    expect(firing!.deliveries.map((d) => [d.channel, d.target, d.status])).toEqual([
      ['email', EMAIL, 'sent'],
      ['inApp', expect.any(String), 'sent'],
      ['slack', CHANNEL, 'sent'],
    ]);
    const slackKey = `${firing!.id}:slack:${CHANNEL}`;
    expect(slackKeys()).toEqual([slackKey]);
    const mails = outbox().filter((mail) => mail.to === EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New accounts: 60 new records');
    // Slack had accepted before (b): the restart found the message in the channel's history.
    expect(server!.output()).toContain('slack message found from an earlier attempt');
    expect(await stopServer(server!)).toBe(0);
    server = undefined;
  }, 300_000);
});
