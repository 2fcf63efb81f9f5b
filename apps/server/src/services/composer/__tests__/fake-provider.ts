import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { ConnectionProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import { connections } from '../../../platform/database/schema/index.js';
import { sealTokens } from '../../../integrations/core/connection-session.js';
import type { TestUser } from '../../../../test/app.js';
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

/** The app's settings pointing a provider at a fake started by `startFakeProvider`. */
export const slackEnvFor = (fake: FakeProvider) => ({
  SLACK_CLIENT_ID: CLIENT.id,
  SLACK_CLIENT_SECRET: CLIENT.secret,
  SLACK_AUTHORIZE_URL: `${fake.root}/oauth/v2/authorize`,
  SLACK_API_URL: `${fake.root}/api/`,
});

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

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
