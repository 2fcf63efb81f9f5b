import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@revlane/contracts';
import { asUser, createTestApp, type TestApp } from '../../../test/app.js';
import { organizations, users } from '../database/schema/index.js';

const me = '/user/api/v1/users/me';

/** A stand-in identity provider that only answers `/userinfo`, for tokens it knows. */
async function startUserinfoServer(profiles: Map<string, Record<string, unknown>>) {
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    calls.push(request.url ?? '');
    const profile = token ? profiles.get(token) : undefined;
    if (request.url !== '/userinfo' || !profile) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}`, calls, close };
}

describe('provisioning users on their first request (docs/architecture.md §2)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startUserinfoServer>>;
  const userinfoProfiles = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    idp = await startUserinfoServer(userinfoProfiles);
    // Tokens stay signed by the test key (issuer below); only /userinfo goes over HTTP.
    t = await createTestApp({ env: { AUTH0_DOMAIN: idp.url } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const sub = () => `auth0|${randomUUID()}`;
  const issuer = () => ({ issuer: t.config.identity.issuer });
  const getProfile = async (token: string) => {
    const response = await t.app.inject(asUser(token, { method: 'GET', url: me }));
    return {
      status: response.statusCode,
      profile: response.json<{ data: Profile }>().data,
      body: response.json<unknown>(),
    };
  };

  it('creates an organization named after a new company domain, with the user as owner', async () => {
    const token = await t.sign(
      { sub: sub(), email: 'Founder@NewCo.example', name: 'Nia Founder' },
      issuer(),
    );
    const { profile } = await getProfile(token);
    expect(profile).toMatchObject({
      email: 'founder@newco.example',
      displayName: 'Nia Founder',
      role: 'owner',
      organization: { name: 'newco.example' },
    });
  });

  it('puts a colleague with the same email domain into that organization as a member', async () => {
    const first = await getProfile(await t.sign({ sub: sub(), email: 'a@team.example' }, issuer()));
    const second = await getProfile(
      await t.sign({ sub: sub(), email: 'b@team.example' }, issuer()),
    );
    expect(second.profile.organization.id).toBe(first.profile.organization.id);
    expect(second.profile.role).toBe('member');
    expect(second.profile.displayName).toBe('b');
  });

  it('joins by domain only with a verified email: email_verified false gets its own organization', async () => {
    const owner = await getProfile(
      await t.sign({ sub: sub(), email: 'boss@verified.example', email_verified: true }, issuer()),
    );
    const impostor = await getProfile(
      await t.sign({ sub: sub(), email: 'ceo@verified.example', email_verified: false }, issuer()),
    );
    expect(impostor.status).toBe(200);
    expect(impostor.profile.organization.id).not.toBe(owner.profile.organization.id);
    expect(impostor.profile.role).toBe('owner');
    // Nor does an unverified first comer claim the domain for the colleagues who follow.
    const early = await getProfile(
      await t.sign({ sub: sub(), email: 'a@unclaimed.example', email_verified: 'false' }, issuer()),
    );
    const colleague = await getProfile(
      await t.sign({ sub: sub(), email: 'b@unclaimed.example', email_verified: true }, issuer()),
    );
    expect(colleague.profile.organization.id).not.toBe(early.profile.organization.id);
    expect(colleague.profile.role).toBe('owner');
  });

  it('never groups people by a public mailbox domain', async () => {
    const one = await getProfile(await t.sign({ sub: sub(), email: 'one@gmail.com' }, issuer()));
    const two = await getProfile(await t.sign({ sub: sub(), email: 'two@gmail.com' }, issuer()));
    expect(one.profile.organization.id).not.toBe(two.profile.organization.id);
    expect(two.profile.role).toBe('owner');
  });

  it('uses the organization named by the org_id claim, Auth0-namespaced claims included', async () => {
    const [org] = await t.database.db
      .insert(organizations)
      .values({ name: 'Claimed Inc', externalId: 'org_claimed' })
      .returning();
    const { profile } = await getProfile(
      await t.sign(
        {
          sub: sub(),
          email: 'x@elsewhere.example',
          'https://revlane.example/org_id': 'org_claimed',
        },
        issuer(),
      ),
    );
    expect(profile.organization).toEqual({ id: org!.id, name: 'Claimed Inc' });
  });

  it('does not let customers join the vendor organization by email domain', async () => {
    await t.database.db
      .insert(organizations)
      .values({ name: 'Vendor', domain: 'vendor.example', isVendor: true });
    const { profile } = await getProfile(
      await t.sign({ sub: sub(), email: 'new@vendor.example' }, issuer()),
    );
    expect(profile.organization.name).toBe('vendor.example');
    expect(profile.role).toBe('owner');
  });

  it('reads the profile from /userinfo when the token carries no email, once', async () => {
    const token = await t.sign({ sub: sub() }, issuer());
    userinfoProfiles.set(token, {
      sub: 'ignored',
      email: 'quiet@team.example',
      name: 'Quinn Quiet',
      picture: 'https://img.test/q.png',
    });
    const callsBefore = idp.calls.length;
    const { profile } = await getProfile(token);
    expect(profile).toMatchObject({
      email: 'quiet@team.example',
      displayName: 'Quinn Quiet',
      photo: 'https://img.test/q.png',
      role: 'member',
    });
    await getProfile(token);
    expect(idp.calls.slice(callsBefore)).toEqual(['/userinfo']);
  });

  it('answers 401 when neither the token nor /userinfo tell who the user is', async () => {
    const { status, body } = await getProfile(await t.sign({ sub: sub() }, issuer()));
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: 'unauthorized' });
  });

  it('turns parallel first requests of one identity into one user', async () => {
    const subject = sub();
    const token = await t.sign({ sub: subject, email: 'rush@parallel.example' }, issuer());
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject(asUser(token, { method: 'GET', url: me }))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db.select().from(users).where(eq(users.subject, subject));
    expect(rows).toHaveLength(1);
    const orgs = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.domain, 'parallel.example'));
    expect(orgs).toHaveLength(1);
  });

  it('refuses a second identity with an email that already has an account (409)', async () => {
    await getProfile(await t.sign({ sub: sub(), email: 'taken@team.example' }, issuer()));
    const { status, body } = await getProfile(
      await t.sign({ sub: sub(), email: 'taken@team.example' }, issuer()),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'conflict' });
  });
});
