import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, SlackChannel } from '@revlane/contracts';
import { asUser } from '../../../../test/app.js';
import { SANDBOX_SLACK_CHANNELS } from '../../../integrations/slack/slack-fake.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import {
  authorizeUrlOf,
  connect,
  connectionOf,
  consent,
  followCallback,
  slackEnvFor,
  startFakeProvider,
  type FakeProvider,
} from './fake-provider.js';

const SLACK = '/user/api/v1/users/me/notifications/slack';

describe('Slack: install over OAuth v2, channels and a test message (@slack/web-api against the fake)', () => {
  let f: ComposerFixture;
  let fake: FakeProvider;
  const user = (
    who: ComposerFixture['dana'],
    request: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object },
  ) => f.t.app.inject(asUser(who, request));

  beforeAll(async () => {
    fake = await startFakeProvider('slack');
    f = await createComposerFixture({ env: slackEnvFor(fake) });
  });
  afterAll(async () => {
    await f?.close();
    await fake?.close();
  });

  it('lists no channels before Slack is connected', async () => {
    expect((await user(f.dana, { method: 'GET', url: `${SLACK}/channels` })).json()).toEqual({
      data: [],
    });
  });

  it('asks for the bot scopes; "Deny" and a replayed state connect nothing', async () => {
    const url = await authorizeUrlOf(f, f.dana, 'slack');
    expect(url.searchParams.get('scope')).toBe(
      'chat:write,channels:read,groups:read,channels:history,groups:history',
    );
    const denied = await followCallback(f, await consent(url, 'deny'));
    expect(denied.location.searchParams.get('error')).toBe('access_denied');
    const replayed = await followCallback(f, denied.callback);
    expect(replayed.location.searchParams.get('error')).toBe('invalid_state');
  });

  it('installs the app: connected with the workspace name', async () => {
    const { location } = await connect(f, f.dana, 'slack');
    expect(location.searchParams.get('connected')).toBe('slack');
    expect(await connectionOf(f, f.dana, 'slack')).toMatchObject({
      status: 'connected',
      account: 'Revlane Sandbox',
      sourceId: null,
    });
  });

  it('lists every channel over all pages of conversations.list, through a 429', async () => {
    fake.oauth.throttleNext = 1;
    const response = await user(f.dana, { method: 'GET', url: `${SLACK}/channels` });
    expect(response.statusCode).toBe(200);
    const channels = response.json<{ data: SlackChannel[] }>().data;
    expect(channels).toHaveLength(SANDBOX_SLACK_CHANNELS);
    expect(new Set(channels.map((c) => c.id)).size).toBe(SANDBOX_SLACK_CHANNELS);
    expect(channels.slice(0, 3).map((c) => c.name)).toEqual(['general', 'sales', 'alerts']);
    expect(fake.oauth.throttleNext).toBe(0);
  });

  it('picks a channel and posts a test message the workspace receives', async () => {
    const noChannel = await user(f.dana, { method: 'POST', url: `${SLACK}/test` });
    expect(noChannel.statusCode).toBe(409);
    const picked = await user(f.dana, {
      method: 'PATCH',
      url: SLACK,
      payload: { channelId: 'CSBX00003' },
    });
    expect(picked.statusCode).toBe(200);
    const sent = await user(f.dana, { method: 'POST', url: `${SLACK}/test` });
    expect(sent.statusCode).toBe(200);
    const posted = fake.oauth.received.filter((r) => r.kind === 'chat.postMessage');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ channel: 'CSBX00003' });
    expect(JSON.stringify(posted[0]!.body)).toContain('Test message from Revlane');
  });

  it('keeps another organization’s workspace out of sight', async () => {
    expect((await user(f.eve, { method: 'GET', url: `${SLACK}/channels` })).json()).toEqual({
      data: [],
    });
    const test = await user(f.eve, { method: 'POST', url: `${SLACK}/test` });
    expect(test.statusCode).toBe(409);
    expect((await connectionOf(f, f.eve, 'slack')).status).toBe('not_connected');
  });

  it('disconnects: revokes the bot token at Slack, and the picker has nothing to list', async () => {
    const tokens = [...fake.oauth.issued];
    const response = await f.call(f.dana, { method: 'DELETE', url: 'connections/slack' });
    expect(response.json<{ data: Connection }>().data).toMatchObject({
      status: 'not_connected',
      account: null,
    });
    expect(fake.oauth.received.map((r) => r.kind)).toContain('revoke');
    for (const token of tokens) expect(fake.oauth.isAuthorized(`Bearer ${token}`)).toBe(false);
    expect((await user(f.dana, { method: 'GET', url: `${SLACK}/channels` })).json()).toEqual({
      data: [],
    });
    const test = await user(f.dana, { method: 'POST', url: `${SLACK}/test` });
    expect(test.statusCode).toBe(409);
  });
});
