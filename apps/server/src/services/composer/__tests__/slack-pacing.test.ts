import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../platform/database/database.js';
import { createPacer } from '../../../platform/pacing/index.js';
import {
  SLACK_CHANNEL_SPACING_MS,
  slackSender,
  type SlackSender,
} from '../../../integrations/slack/slack-sender.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import {
  seedConnection,
  slackEnvFor,
  startFakeProvider,
  type FakeProvider,
} from './fake-provider.js';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl)
  console.warn(
    'Slack pacing across processes skipped: TEST_DATABASE_URL is not set (two processes share one PostgreSQL database)',
  );

const CHANNEL = 'CSBX00003';
const EACH = 3;
/** A message's way to the fake varies by a few milliseconds; its slot does not. */
const JITTER_MS = 100;

/**
 * ADR 0035: two processes (two connection pools on one PostgreSQL database, each with its own
 * pacer and Slack sender, as a play run and an alert delivery on two workers) posting to one
 * channel at once share its one message a second, instead of each sending one a second.
 */
describe.skipIf(!pgUrl)('Slack pacing: two processes, one channel, one message a second', () => {
  let f: ComposerFixture;
  let fake: FakeProvider;
  let other: DatabaseHandle;
  let senders: SlackSender[];

  beforeAll(async () => {
    fake = await startFakeProvider('slack');
    f = await createComposerFixture({ env: slackEnvFor(fake) });
    await seedConnection(f.t.app, f.danaOrg, 'slack', fake);
    // The second process: its own pool on the first one's database.
    const pool = (f.t.database.db as unknown as { $client: pg.Pool }).$client;
    other = await openDatabase({ kind: 'postgres', url: pool.options.connectionString! });
    const { secrets, config } = f.t.app;
    senders = [
      slackSender(f.t.app, { pacer: f.t.app.pacer }),
      slackSender({ db: other.db, secrets, config }, { pacer: createPacer(other.db) }),
    ];
  });
  afterAll(async () => {
    await other?.close();
    await f?.close();
    await fake?.close();
  });

  it(`${2 * EACH} messages from two senders at once are ${SLACK_CHANNEL_SPACING_MS} ms apart`, async () => {
    const postedAt: number[] = [];
    await Promise.all(
      senders.map(async (sender, process) => {
        for (let i = 0; i < EACH; i += 1) {
          const result = await sender.post(f.danaOrg, {
            channel: CHANNEL,
            text: `process ${process}, message ${i}`,
          });
          if (result.kind !== 'sent' || !result.ts) throw new Error(JSON.stringify(result));
          // The fake's `ts`: when it accepted the message, in microseconds.
          postedAt.push(Number(result.ts) * 1000);
        }
      }),
    );
    const times = postedAt.sort((a, b) => a - b);
    const gaps = times.slice(1).map((time, i) => Math.round(time - times[i]!));
    expect(
      gaps.every((gap) => gap >= SLACK_CHANNEL_SPACING_MS - JITTER_MS),
      String(gaps),
    ).toBe(true);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(
      (2 * EACH - 1) * SLACK_CHANNEL_SPACING_MS - JITTER_MS,
    );
  }, 30_000);
});
