import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { PlayAction } from '@revlane/contracts';
import type { Database } from '../apps/server/src/platform/database/database.js';
import { connections, plays } from '../apps/server/src/platform/database/schema/index.js';
import type { SecretBox } from '../apps/server/src/platform/secrets/secret-box.js';
import { sealTokens } from '../apps/server/src/integrations/core/connection-session.js';
import { playRunDeps } from '../apps/server/src/services/main/plays/runs/play-run-deps.js';
import { runPlay } from '../apps/server/src/services/main/plays/runs/run-play.js';
import { recordRun } from '../apps/server/src/services/main/plays/runs/runs.repository.js';
import { sealWebhookSecrets } from '../apps/server/src/services/main/plays/webhook-secrets.js';
import { newSlackOAuth, slackFake } from '../apps/server/src/integrations/slack/slack-fake.js';
import { listenSignedIn } from './listen-signed-in.js';
import { withPeakRss } from './peak-rss.js';

const RECORDS = Number(process.env.BENCH_PLAY_RECORDS ?? 10_000);
/** Slack messages actually sent to check the pace (10,000 at one a second would be 2.8 h). */
const SLACK_SAMPLE = 6;
const CHANNEL = 'CSBX00003';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const CONCURRENCY = 32;

export interface PlaysBenchResult {
  records: number;
  baseline: { seconds: number; perSecond: number };
  webhook: { seconds: number; perSecond: number; baseRssMb: number; peakRssMb: number };
  slack: { messages: number; minGapMs: number; seconds: number; projectedHours: number };
}

/** A local receiver answering 200 at once, counting what it got. */
async function startReceiver() {
  let count = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The baseline: the same number of JSON POSTs to the same receiver, 32 at a time, no outbox. */
async function rawPosts(url: string, count: number) {
  const body = JSON.stringify({
    type: 'play.record_entered',
    data: { recordId: 'r', account: 'a' },
  });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body?.cancel();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (performance.now() - started) / 1000;
}

interface Harness {
  app: FastifyInstance;
  db: Database;
  orgId: string;
}

/** A play row with these actions (its cohort is not needed to send), and a run over `records`. */
async function runOf(h: Harness, actions: PlayAction[], records: number) {
  const playId = randomUUID();
  const secrets = Object.fromEntries(
    actions.filter((a) => a.type === 'webhook').map((a) => [a.id, WEBHOOK_SECRET]),
  );
  await h.db.insert(plays).values({
    id: playId,
    orgId: h.orgId,
    name: 'Bench',
    status: 'active',
    triggerType: 'cohort_entered',
    actions,
    sealedSecrets: sealWebhookSecrets(
      (h.app as unknown as { secrets: SecretBox }).secrets,
      playId,
      secrets,
    ),
    reentry: 'once',
  });
  const to = new Date();
  const items = Array.from({ length: records }, (_unused, index) => {
    const record = { id: `acc-${index}`, name: `Account ${index}`, plan: 'pro' };
    return actions.map((action, position) => ({
      orgId: h.orgId,
      playId,
      actionId: action.id,
      actionType: action.type,
      position,
      recordId: record.id,
      record,
      idempotencyKey: `${playId}:${action.id}:${record.id}:${to.toISOString()}`,
    }));
  }).flat();
  const step = { orgId: h.orgId, playId, from: null, to, trigger: 'cohort_entered' as const };
  return (await recordRun(h.db, step, items, records))!;
}

/**
 * 10,000 records entering one cohort with a webhook action (to a local receiver) and a Slack
 * action (to the Slack fake, paced at one message a second per channel): the outbox run's
 * webhook records/s against raw POSTs to the same receiver in the same run, the process's peak
 * RSS while it sends, and the Slack pace measured on the fake's receipt times.
 */
export async function benchPlays(): Promise<PlaysBenchResult> {
  const receiver = await startReceiver();
  const slackOAuth = newSlackOAuth('bench-slack', 'bench-slack-secret');
  const slackServer = Fastify();
  await slackServer.register(slackFake(slackOAuth), { prefix: '/sandbox/slack' });
  await slackServer.listen({ host: '127.0.0.1', port: 0 });
  const slackRoot = `http://127.0.0.1:${(slackServer.server.address() as AddressInfo).port}/sandbox/slack`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-plays-'));
  const { app, database, address, headers } = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    {
      REVLANE_DATA_DIR: dataDir,
      JOBS_WORKERS: 'false',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      SLACK_CLIENT_ID: 'bench-slack',
      SLACK_CLIENT_SECRET: 'bench-slack-secret',
      SLACK_AUTHORIZE_URL: `${slackRoot}/oauth/v2/authorize`,
      SLACK_API_URL: `${slackRoot}/api/`,
    },
  );
  try {
    const me = await fetch(`${address}/user/api/v1/users/me`, { headers });
    const orgId = ((await me.json()) as { data: { organization: { id: string } } }).data
      .organization.id;
    const h: Harness = { app, db: database.db, orgId };
    const connectionId = randomUUID();
    await h.db.insert(connections).values({
      id: connectionId,
      orgId,
      provider: 'slack',
      status: 'connected',
      account: 'Bench',
      sealedTokens: sealTokens((app as unknown as { secrets: SecretBox }).secrets, connectionId, {
        accessToken: slackOAuth.issueTokens().accessToken,
        refreshToken: null,
        expiresAt: null,
      }),
    });
    const webhook: PlayAction = {
      id: 'hook',
      type: 'webhook',
      url: receiver.url,
      fields: { account: '{{account.name}}', plan: '{{account.plan}}' },
    };
    const slack: PlayAction = {
      id: 'slack',
      type: 'slack_message',
      channel: CHANNEL,
      text: '{{account.name}} entered',
    };
    const deps = { ...playRunDeps(app, app.log), concurrency: CONCURRENCY };

    await rawPosts(receiver.url, 500); // warm-up of both paths' sockets
    const baselineSeconds = await rawPosts(receiver.url, RECORDS);

    const webhookRun = await runOf(h, [webhook], RECORDS);
    const before = receiver.count();
    const started = performance.now();
    const measured = await withPeakRss(() => runPlay(deps, webhookRun));
    const webhookSeconds = (performance.now() - started) / 1000;
    if (receiver.count() - before !== RECORDS)
      throw new Error(`the receiver got ${receiver.count() - before} of ${RECORDS}`);

    // The Slack action of the same play shape, on a sample: the pace is per channel.
    const slackRun = await runOf(h, [webhook, slack], SLACK_SAMPLE);
    const slackStarted = performance.now();
    await runPlay(deps, slackRun);
    const slackSeconds = (performance.now() - slackStarted) / 1000;
    const posted = slackOAuth.received
      .filter((entry) => entry.kind === 'chat.postMessage')
      .map((entry) => Date.parse(entry.at));
    const gaps = posted.slice(1).map((at, index) => at - posted[index]!);
    return {
      records: RECORDS,
      baseline: { seconds: baselineSeconds, perSecond: RECORDS / baselineSeconds },
      webhook: {
        seconds: webhookSeconds,
        perSecond: RECORDS / webhookSeconds,
        baseRssMb: measured.baseMb,
        peakRssMb: measured.peakMb,
      },
      slack: {
        messages: posted.length,
        minGapMs: Math.min(...gaps),
        seconds: slackSeconds,
        projectedHours: RECORDS / 3600,
      },
    };
  } finally {
    await app.close();
    await database.close();
    await receiver.close();
    await slackServer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printPlaysBench() {
  const result = await benchPlays();
  const { baseline, webhook, slack } = result;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nPlays: ${result.records.toLocaleString('en-US')} records entering one cohort (PGlite outbox, 127.0.0.1 receiver, ${CONCURRENCY} at a time)`,
  );
  console.log(
    `${'raw POSTs (baseline)'.padEnd(30)} ${`${Math.round(baseline.perSecond)} req/s`.padStart(14)} ${`${baseline.seconds.toFixed(2)} s`.padStart(9)}`,
  );
  console.log(
    [
      'webhook action (signed, outbox)'.padEnd(30),
      `${Math.round(webhook.perSecond)} records/s`.padStart(14),
      `${webhook.seconds.toFixed(2)} s`.padStart(9),
      `${((webhook.perSecond / baseline.perSecond) * 100).toFixed(1)}% of baseline`.padStart(20),
      `RSS ${webhook.baseRssMb}→${webhook.peakRssMb} MB`.padStart(18),
      `  target ≥ 500 records/s: ${met(webhook.perSecond >= 500)}`,
    ].join(' '),
  );
  console.log(
    `${'slack action (sample)'.padEnd(30)} ${`${slack.messages} messages`.padStart(14)} ${`${slack.seconds.toFixed(2)} s`.padStart(9)}  min gap ${slack.minGapMs} ms per channel: one a second ${met(slack.minGapMs >= 950)}; ${result.records.toLocaleString('en-US')} records → ${slack.projectedHours.toFixed(1)} h per channel (one message per record, ADR 0024)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printPlaysBench();
