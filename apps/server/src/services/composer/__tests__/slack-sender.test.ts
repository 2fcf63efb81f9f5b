import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationIdOf } from '../../../../test/app.js';
import { SANDBOX_SLACK_CHANNEL_WITHOUT_BOT } from '../../../integrations/slack/slack-fake.js';
import { findConnection } from '../../../integrations/core/connections.repository.js';
import { slackSender, type SlackSender } from '../../../integrations/slack/slack-sender.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import {
  seedConnection,
  slackEnvFor,
  startFakeProvider,
  type FakeProvider,
} from './fake-provider.js';

describe('Slack sender: an organization posts to its workspace (@slack/web-api against the sandbox fake)', () => {
  let f: ComposerFixture;
  let fake: FakeProvider;
  let sender: SlackSender;
  const slept: number[] = [];
  const posted = () => fake.oauth.received.filter((r) => r.kind === 'chat.postMessage');

  beforeAll(async () => {
    fake = await startFakeProvider('slack');
    f = await createComposerFixture({ env: slackEnvFor(fake) });
    sender = slackSender(f.t.app, {
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
  });
  afterAll(async () => {
    await f?.close();
    await fake?.close();
  });

  it('says "not connected" before the organization connects Slack, and posts nothing', async () => {
    const result = await sender.post(f.danaOrg, { channel: 'CSBX00003', text: 'hello' });
    expect(result).toEqual({ kind: 'not-connected', error: 'Slack is not connected' });
    expect(posted()).toHaveLength(0);
  });

  it('posts text, blocks and metadata with the connection’s bot token', async () => {
    await seedConnection(f.t.app, f.danaOrg, 'slack', fake);
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Acme* renewed' } }];
    const metadata = { event_type: 'revlane_test', event_payload: { key: 'k1' } };
    const result = await sender.post(f.danaOrg, {
      channel: 'CSBX00003',
      text: 'Acme renewed',
      blocks,
      metadata,
    });
    expect(result.kind).toBe('sent');
    expect(result.kind === 'sent' && result.ts).toMatch(/^\d+\.\d+$/);
    expect(posted().at(-1)!.body).toMatchObject({
      channel: 'CSBX00003',
      text: 'Acme renewed',
      blocks,
      metadata,
    });
  });

  it('waits out a 429 by its Retry-After, then sends once', async () => {
    const before = posted().length;
    fake.oauth.throttleNext = 1;
    const result = await sender.post(f.danaOrg, { channel: 'CSBX00003', text: 'after 429' });
    expect(result.kind).toBe('sent');
    expect(slept).toEqual([1000]);
    expect(posted()).toHaveLength(before + 1);
  });

  it('hands a 429 back when the call allows no wait (the caller retries later)', async () => {
    fake.oauth.throttleNext = 1;
    const result = await sender.post(
      f.danaOrg,
      { channel: 'CSBX00003', text: 'x' },
      { rateLimitWaits: 0 },
    );
    expect(result).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 1,
      error: 'rate limited (Retry-After 1 s)',
    });
    expect(slept).toEqual([1000]);
  });

  it('classifies channel_not_found and not_in_channel as permanent; the connection stays', async () => {
    expect(await sender.post(f.danaOrg, { channel: 'C-GONE', text: 'x' })).toEqual({
      kind: 'permanent',
      error: 'channel_not_found',
    });
    expect(
      await sender.post(f.danaOrg, { channel: SANDBOX_SLACK_CHANNEL_WITHOUT_BOT, text: 'x' }),
    ).toEqual({ kind: 'permanent', error: 'not_in_channel' });
    expect((await findConnection(f.t.app.db, f.danaOrg, 'slack'))!.status).toBe('connected');
  });

  it('keeps another organization’s workspace out of reach', async () => {
    const eveOrg = await organizationIdOf(f.t, f.eve);
    expect((await sender.post(eveOrg, { channel: 'CSBX00003', text: 'x' })).kind).toBe(
      'not-connected',
    );
  });

  it('invalid_auth (the app was removed) is permanent and asks to reconnect', async () => {
    fake.oauth.revokeAll();
    expect(await sender.post(f.danaOrg, { channel: 'CSBX00003', text: 'x' })).toEqual({
      kind: 'permanent',
      error: 'invalid_auth',
    });
    const connection = await findConnection(f.t.app.db, f.danaOrg, 'slack');
    expect(connection).toMatchObject({ status: 'reconnect_needed' });
    expect(connection!.lastError).toContain('reconnect');
    expect((await sender.post(f.danaOrg, { channel: 'CSBX00003', text: 'x' })).kind).toBe(
      'not-connected',
    );
  });
});
