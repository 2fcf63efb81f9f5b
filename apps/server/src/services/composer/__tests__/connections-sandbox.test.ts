import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_PROVIDERS, type Connection } from '@revlane/contracts';
import { asUser, type TestUser } from '../../../../test/app.js';
import { googleSheetSender } from '../../../integrations/index.js';
import { loadConfig } from '../../../platform/config.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { authorizeUrlOf, followCallback } from './fake-provider.js';

describe('connections: the built-in sandbox (no client ids configured)', () => {
  let f: ComposerFixture;
  beforeAll(async () => {
    f = await createComposerFixture();
  });
  afterAll(() => f?.close());

  it('labels the providers as sandbox and sends the user to the app’s own fake', async () => {
    const list = (await f.call(f.dana, { method: 'GET', url: 'connections' })).json<{
      data: Connection[];
    }>().data;
    expect(list.every((c) => c.sandbox && c.available)).toBe(true);
    const started = await f.call(f.dana, { method: 'POST', url: 'connections/salesforce' });
    const url = new URL(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${f.t.config.appUrl}/sandbox/salesforce/services/oauth2/authorize`,
    );
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${f.t.config.appUrl}/composer/api/v1/connections/salesforce/oauth`,
    );
    const page = await f.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>Allow</button>');
    expect(page.body).toContain('>Deny</button>');
    const received = await f.t.app.inject(
      asUser(f.dana, { method: 'GET', url: '/sandbox/slack/received' }),
    );
    expect(received.json()).toEqual([]);
  });

  it('sends a consent decision only to the app’s own callback, never to another address', async () => {
    const started = await f.call(f.dana, { method: 'POST', url: 'connections/salesforce' });
    const url = new URL(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
    const decision = (redirect: string) => {
      const query = new URLSearchParams(url.search);
      query.set('redirect_uri', redirect);
      query.set('decision', 'allow');
      return f.t.app.inject({ method: 'GET', url: `${url.pathname}/decision?${query.toString()}` });
    };
    const evil = await decision('https://evil.example/x');
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain('not registered');
    const page = new URLSearchParams(url.search);
    page.set('redirect_uri', 'https://evil.example/x');
    const consent = await f.t.app.inject({
      method: 'GET',
      url: `${url.pathname}?${page.toString()}`,
    });
    expect(consent.statusCode).toBe(400);
    const own = await decision(url.searchParams.get('redirect_uri')!);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toMatch(
      new RegExp(`^${f.t.config.appUrl}/composer/api/v1/connections/salesforce/oauth\\?`),
    );
  });

  it.each([
    ['hubspot', '/sandbox/hubspot/oauth/authorize'],
    ['intercom', '/sandbox/intercom/oauth'],
    ['outreach', '/sandbox/outreach/oauth/authorize'],
  ])('serves the %s fake: its consent page, and what it received', async (provider, path) => {
    const started = await f.call(f.dana, { method: 'POST', url: `connections/${provider}` });
    const url = new URL(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${f.t.config.appUrl}${path}`);
    const page = await f.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('>Allow</button>');
    const received = await f.t.app.inject(
      asUser(f.dana, { method: 'GET', url: `/sandbox/${provider}/received` }),
    );
    expect(received.json()).toEqual([]);
  });
});

/** A port free now, so the app's own URL (the sandbox's) can name it before it listens. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the sandbox over HTTP: what it received is each organization’s own', () => {
  let f: ComposerFixture;
  beforeAll(async () => {
    const port = await freePort();
    f = await createComposerFixture({
      env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    });
    await f.t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => f?.close());

  const slackSettings = '/user/api/v1/users/me/notifications/slack';
  /** Allow on the sandbox's consent page, the callback answered, a channel picked, a test sent. */
  async function connectAndPost(user: TestUser, channelId: string) {
    const authorize = await authorizeUrlOf(f, user, 'slack');
    const decision = new URLSearchParams(authorize.search);
    decision.set('decision', 'allow');
    const answer = await f.t.app.inject({
      method: 'GET',
      url: `${authorize.pathname}/decision?${decision.toString()}`,
    });
    await followCallback(f, new URL(answer.headers.location as string));
    const pick = { method: 'PATCH' as const, url: slackSettings, payload: { channelId } };
    expect((await f.t.app.inject(asUser(user, pick))).statusCode).toBe(200);
    const sent = await f.t.app.inject(
      asUser(user, { method: 'POST', url: `${slackSettings}/test` }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const receivedBy = async (user: TestUser) =>
    (await f.t.app.inject(asUser(user, { method: 'GET', url: '/sandbox/slack/received' }))).json<
      { kind: string; body: { channel: string } }[]
    >();

  it('needs a signed-in user (401) and lists only the caller’s organization’s calls', async () => {
    await connectAndPost(f.dana, 'CSBX00003');
    await connectAndPost(f.eve, 'CSBX00004');
    const anonymous = await fetch(`${f.t.config.appUrl}/sandbox/slack/received`);
    expect(anonymous.status).toBe(401);
    const posted = (entries: Awaited<ReturnType<typeof receivedBy>>) =>
      entries.filter((entry) => entry.kind === 'chat.postMessage').map((e) => e.body.channel);
    expect(posted(await receivedBy(f.dana))).toEqual(['CSBX00003']);
    expect(posted(await receivedBy(f.eve))).toEqual(['CSBX00004']);
  });

  it('serves Google Sheets: a play’s row lands in a sheet with no key configured, once', async () => {
    const settings = f.t.config.sources.googleSheets;
    expect(settings.sandbox).toBe(true);
    const send = googleSheetSender(settings);
    const item = {
      orgId: f.danaOrg,
      key: 'play-1:rec-1',
      rendered: {
        spreadsheetId: 'leads-sheet',
        tab: 'Leads',
        headers: ['Account'],
        values: ['Acme'],
      },
    };
    const first = await send(item);
    const again = await send(item);
    expect(first).toEqual({ kind: 'sent', externalId: "'Leads'!A1:B2" });
    expect(again).toEqual({ kind: 'sent', externalId: "'Leads'!A2:B2" });
  });
});

describe('connections: SAAS_SANDBOX=false and configuration checks', () => {
  let f: ComposerFixture;
  beforeAll(async () => {
    f = await createComposerFixture({ env: { SAAS_SANDBOX: 'false' } });
  });
  afterAll(() => f?.close());

  it('offers no sandbox: connecting an unconfigured provider is a 409 and no fake is served', async () => {
    const list = await f.call(f.dana, { method: 'GET', url: 'connections' });
    expect(
      list.json<{ data: Connection[] }>().data.map((c) => [c.provider, c.sandbox, c.available]),
    ).toEqual(CONNECTION_PROVIDERS.map((provider) => [provider, false, false]));
    const started = await f.call(f.dana, { method: 'POST', url: 'connections/salesforce' });
    expect(started.statusCode).toBe(409);
    expect(started.json<{ message: string }>().message).toContain('no client id configured');
    const fake = await f.t.app.inject({
      method: 'GET',
      url: '/sandbox/salesforce/received',
      headers: { accept: 'application/json' },
    });
    expect(fake.statusCode).toBe(404);
  });

  it('refuses to start with a client id but no secret, naming the variable', () => {
    expect(() => loadConfig({ HUBSPOT_CLIENT_ID: 'abc' })).toThrow(/HUBSPOT_CLIENT_SECRET/);
    expect(() => loadConfig({ SALESFORCE_LOGIN_URL: 'not a url' })).toThrow(/SALESFORCE_LOGIN_URL/);
    expect(() => loadConfig({ HUBSPOT_API_URL: 'ftp://api.hubapi.com' })).toThrow(
      /HUBSPOT_API_URL.*http\(s\) URL/,
    );
    expect(() => loadConfig({ SLACK_AUTHORIZE_URL: 'javascript:alert(1)' })).toThrow(
      /SLACK_AUTHORIZE_URL/,
    );
    expect(loadConfig({ OUTREACH_API_URL: 'http://127.0.0.1:9/outreach' })).toBeDefined();
  });
});
