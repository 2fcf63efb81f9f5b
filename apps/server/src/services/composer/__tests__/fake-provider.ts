import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Connection, ConnectionProvider, CrmProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import { connections } from '../../../platform/database/schema/index.js';
import { sealTokens } from '../../../integrations/core/connection-session.js';
import type { TestUser } from '../../../../test/app.js';
import { seedMetadata, type SeededDataDir } from '../../../../test/seeded-data-dir.js';
import type { FakeGoogleSheets } from '../../../integrations/google-sheets/google-sheets-fake.js';
import { SANDBOX_FAKES } from '../../../integrations/sandbox.plugin.js';
import type { ComposerFixture } from './composer-fixture.js';

export const CLIENT = { id: 'test-client-id', secret: 'test-client-secret-9f2' };

/** A provider's fake on its own port, as a real provider is: the app reaches it over HTTP. */
export async function startFakeProvider(provider: ConnectionProvider) {
  const fake = SANDBOX_FAKES[provider]!;
  const oauth = fake.oauth(CLIENT.id, CLIENT.secret);
  const server = Fastify();
  await server.register(fake.plugin(oauth), { prefix: `/sandbox/${provider}` });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const root = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/sandbox/${provider}`;
  return { root, oauth, close: () => server.close() };
}

/** A provider's client, authorize URL and API URL settings, `<PREFIX>_…` as the app reads them. */
const oauthEnv = (prefix: string, authorizeUrl: string, apiUrl: string) => ({
  [`${prefix}_CLIENT_ID`]: CLIENT.id,
  [`${prefix}_CLIENT_SECRET`]: CLIENT.secret,
  [`${prefix}_AUTHORIZE_URL`]: authorizeUrl,
  [`${prefix}_API_URL`]: apiUrl,
});

/** The app's settings pointing Slack at a fake started by `startFakeProvider`. */
export const slackEnvFor = (fake: FakeProvider) =>
  oauthEnv('SLACK', `${fake.root}/oauth/v2/authorize`, `${fake.root}/api/`);

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

const CRM_ENV: Record<CrmProvider, (root: string) => Record<string, string>> = {
  // Salesforce has one login URL; the API's is the instance URL the token answer names.
  salesforce: (root) => ({
    SALESFORCE_CLIENT_ID: CLIENT.id,
    SALESFORCE_CLIENT_SECRET: CLIENT.secret,
    SALESFORCE_LOGIN_URL: root,
  }),
  hubspot: (root) => oauthEnv('HUBSPOT', `${root}/oauth/authorize`, root),
  intercom: (root) => oauthEnv('INTERCOM', `${root}/oauth`, root),
  outreach: (root) => oauthEnv('OUTREACH', `${root}/oauth/authorize`, root),
};

/** The app's settings pointing a CRM at a fake started by `startFakeProvider`. */
export const crmEnvFor = (provider: CrmProvider, fake: FakeProvider) =>
  CRM_ENV[provider](fake.root);

/** The app's settings pointing Google Sheets at its fake, signed in as the service account `account`. */
export const googleSheetsEnvFor = (google: FakeGoogleSheets, account: string) => ({
  GOOGLE_SHEETS_API_URL: google.url,
  GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
  GOOGLE_SERVICE_ACCOUNT_KEY: google.createServiceAccount(account),
});

/** The idempotency keys of the messages the Slack fake accepted, in the order it did. */
export const slackIdempotencyKeys = (slack: FakeProvider) =>
  slack.oauth.received
    .filter((entry) => entry.kind === 'chat.postMessage')
    .map(
      (entry) =>
        (entry.body as { metadata?: { event_payload?: { idempotency_key?: string } } }).metadata
          ?.event_payload?.idempotency_key,
    );

/**
 * An organization connected to the fake without the consent round trip (features that only
 * use a connection): a token the fake issued, sealed as the OAuth callback seals it.
 */
export async function seedConnection(
  app: Pick<FastifyInstance, 'db' | 'secrets'>,
  orgId: string,
  provider: ConnectionProvider,
  fake: FakeProvider,
) {
  const id = randomUUID();
  const { accessToken } = fake.oauth.issueTokens();
  await app.db.insert(connections).values({
    id,
    orgId,
    provider,
    status: 'connected',
    account: 'Revlane Sandbox',
    sealedTokens: sealTokens(app.secrets, id, { accessToken, refreshToken: null, expiresAt: null }),
  });
}

/**
 * Slack's fake with a seeded data directory's organization connected to it (before any server
 * process opens the directory), and the server settings that point at it.
 */
export async function startSeededSlack(seeded: SeededDataDir) {
  const slack = await startFakeProvider('slack');
  await seedMetadata(seeded, (app) => seedConnection(app, seeded.orgId, 'slack', slack));
  return { slack, env: slackEnvFor(slack) };
}

/** `GET connections/{p}`: the provider's connection as `user` sees it. */
export async function connectionOf(f: ComposerFixture, user: TestUser, provider: string) {
  const response = await f.call(user, { method: 'GET', url: `connections/${provider}` });
  return response.json<{ data: Connection }>().data;
}

/** `POST connections/{p}`: the authorize URL (200). */
export async function authorizeUrlOf(f: ComposerFixture, user: TestUser, provider: string) {
  const response = await f.call(user, { method: 'POST', url: `connections/${provider}` });
  if (response.statusCode !== 200) throw new Error(`authorize: ${response.body}`);
  return new URL(response.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
}

/**
 * The user's browser at the consent page: it loads (with "Allow" and "Deny"), the choice is
 * submitted, and the provider's redirect is answered: the callback URL it sends the browser to.
 */
export async function consent(authorizeUrl: URL, decision: 'allow' | 'deny') {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!html.includes('>Allow</button>') || !html.includes('>Deny</button>'))
    throw new Error('no consent page');
  const form = new URL(`${authorizeUrl.origin}${authorizeUrl.pathname}/decision`);
  authorizeUrl.searchParams.forEach((value, key) => form.searchParams.set(key, value));
  form.searchParams.set('decision', decision);
  const answer = await fetch(form, { redirect: 'manual' });
  return new URL(answer.headers.get('location')!);
}

/** The browser following the redirect to the app's callback: where it is sent next. */
export async function followCallback(f: ComposerFixture, callback: URL) {
  const response = await f.t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
  });
  if (response.statusCode !== 302)
    throw new Error(`callback: ${response.statusCode} ${response.body}`);
  return { location: new URL(response.headers.location as string), callback };
}

/** The whole round trip, Allow clicked. */
export async function connect(f: ComposerFixture, user: TestUser, provider: string) {
  return followCallback(f, await consent(await authorizeUrlOf(f, user, provider), 'allow'));
}
