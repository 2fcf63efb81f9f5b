import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { ConnectionProvider } from '@revlane/contracts';
import type { TestUser } from '../../../../test/app.js';
import { SANDBOX_FAKES } from '../../../sandbox/sandbox.plugin.js';
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
