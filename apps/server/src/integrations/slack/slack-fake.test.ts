import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeProvider,
  type FakeProvider,
} from '../../services/composer/__tests__/fake-provider.js';
import { SANDBOX_SLACK_CHANNEL_WITHOUT_BOT } from './slack-fake.js';

const CHANNEL = 'CSBX00003';

/** The sandbox Slack workspace read back as Slack's own API is (ADR 0023). */
describe('sandbox Slack: conversations.history', () => {
  let slack: FakeProvider;
  let client: WebClient;
  const posted: string[] = [];

  beforeAll(async () => {
    slack = await startFakeProvider('slack');
    client = new WebClient(slack.oauth.issueTokens().accessToken, {
      slackApiUrl: `${slack.root}/api/`,
      retryConfig: { retries: 0 },
    });
    for (let i = 0; i < 5; i += 1) {
      const answer = await client.chat.postMessage({
        channel: CHANNEL,
        text: `message ${i}`,
        metadata: { event_type: 'revlane_alert', event_payload: { idempotency_key: `k${i}` } },
      });
      posted.push(answer.ts!);
    }
    await client.chat.postMessage({ channel: 'CSBX00004', text: 'elsewhere' });
  });
  afterAll(() => slack?.close());

  it('answers newest first, page by page through the cursor', async () => {
    const texts: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.conversations.history({ channel: CHANNEL, limit: 2, cursor });
      pages += 1;
      texts.push(...page.messages!.map((message) => message.text!));
      cursor = page.has_more ? page.response_metadata!.next_cursor : undefined;
    } while (cursor);
    expect(pages).toBe(3);
    expect(texts).toEqual(['message 4', 'message 3', 'message 2', 'message 1', 'message 0']);
  });

  it('keeps messages after `oldest` (exclusive unless inclusive) and before `latest`', async () => {
    const after = await client.conversations.history({ channel: CHANNEL, oldest: posted[2] });
    expect(after.messages!.map((message) => message.ts)).toEqual([posted[4], posted[3]]);
    const inclusive = await client.conversations.history({
      channel: CHANNEL,
      oldest: posted[2],
      latest: posted[3],
      inclusive: true,
    });
    expect(inclusive.messages!.map((message) => message.ts)).toEqual([posted[3], posted[2]]);
  });

  it('includes message metadata only with include_all_metadata', async () => {
    const plain = await client.conversations.history({ channel: CHANNEL, limit: 1 });
    expect(plain.messages![0]!.metadata).toBeUndefined();
    const withMetadata = await client.conversations.history({
      channel: CHANNEL,
      limit: 1,
      include_all_metadata: true,
    });
    expect(withMetadata.messages![0]!.metadata).toEqual({
      event_type: 'revlane_alert',
      event_payload: { idempotency_key: 'k4' },
    });
  });

  it("answers Slack's errors for unknown channels and channels without the bot", async () => {
    await expect(client.conversations.history({ channel: 'C-GONE' })).rejects.toMatchObject({
      data: { ok: false, error: 'channel_not_found' },
    });
    await expect(
      client.conversations.history({ channel: SANDBOX_SLACK_CHANNEL_WITHOUT_BOT }),
    ).rejects.toMatchObject({ data: { ok: false, error: 'not_in_channel' } });
  });
});
