import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATE_PERMISSION, type Profile } from '@revlane/contracts';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import { auditLog, organizations } from '../database/schema/index.js';

const base = '/user/api/v1';

describe('impersonation (docs/architecture.md §4.4)', () => {
  let t: TestApp;
  let support: TestUser;
  let customer: TestUser;
  let colleague: TestUser;
  let customerProfile: Profile;
  let supportProfile: Profile;

  const profileOf = async (user: TestUser, headers: Record<string, string> = {}) => {
    const response = await t.app.inject(
      asUser(user, { method: 'GET', url: `${base}/users/me`, headers }),
    );
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Profile }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [vendor] = await t.database.db
      .insert(organizations)
      .values({
        name: 'Revlane',
        domain: 'revlane.example',
        isVendor: true,
        externalId: 'org_vendor',
      })
      .returning();
    support = await testUser(t, 'help@revlane.example', {
      org_id: vendor!.externalId,
      permissions: [IMPERSONATE_PERMISSION],
    });
    customer = await testUser(t, 'dana@customer.example', { name: 'Dana Customer' });
    colleague = await testUser(t, 'lee@customer.example', { permissions: ['read:segments'] });
    supportProfile = await profileOf(support);
    customerProfile = await profileOf(customer);
  });
  afterAll(() => t.close());

  const impersonating = (userId: string) => ({ 'impersonate-user': userId });
  const auditRows = () =>
    t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, supportProfile.id));

  it('lets a support token act as an existing user of another organization', async () => {
    expect(supportProfile.organization.id).not.toBe(customerProfile.organization.id);
    const profile = await profileOf(support, impersonating(customerProfile.id));
    expect(profile).toMatchObject({
      id: customerProfile.id,
      email: 'dana@customer.example',
      organization: customerProfile.organization,
      impersonatedBy: {
        id: supportProfile.id,
        displayName: supportProfile.displayName,
        email: 'help@revlane.example',
      },
    });
  });

  it('does not audit reads, and audits every change with actor, target, org, method, path and status', async () => {
    expect(await auditRows()).toHaveLength(0);
    const response = await t.app.inject(
      asUser(support, {
        method: 'PATCH',
        url: `${base}/users/me/profile?token=secret-ticket`,
        headers: impersonating(customerProfile.id),
        payload: { displayName: 'Dana (fixed by support)' },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { id: customerProfile.id, displayName: 'Dana (fixed by support)' },
    });

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orgId: customerProfile.organization.id,
      actorUserId: supportProfile.id,
      subjectUserId: customerProfile.id,
      action: 'support help@revlane.example acting as user dana@customer.example',
      method: 'PATCH',
      path: `${base}/users/me/profile`,
      statusCode: 200,
    });
    // The customer's own view changed; the support user's profile did not.
    expect((await profileOf(customer)).displayName).toBe('Dana (fixed by support)');
    expect((await profileOf(support)).displayName).toBe(supportProfile.displayName);
  });

  it('audits failed changes with their status too', async () => {
    const response = await t.app.inject(
      asUser(support, {
        method: 'PATCH',
        url: `${base}/users/me/profile`,
        headers: impersonating(customerProfile.id),
        payload: { displayName: '' },
      }),
    );
    expect(response.statusCode).toBe(400);
    const rows = await auditRows();
    expect(rows.map((row) => row.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses to accept the terms of service on the user’s behalf', async () => {
    const response = await t.app.inject(
      asUser(support, {
        method: 'POST',
        url: `${base}/users/me/accept-terms`,
        headers: impersonating(customerProfile.id),
      }),
    );
    expect(response.statusCode).toBe(403);
    expect((await profileOf(customer)).app.termsOfService.accepted).toBe(false);
  });

  it.each([
    ['a normal user’s token', () => colleague, () => customerProfile.id],
    [
      'a support token naming a user that does not exist',
      () => support,
      () => '00000000-0000-4000-8000-000000000000',
    ],
    ['a support token naming something that is not a user id', () => support, () => 'not-a-uuid'],
  ])('answers 403 for %s', async (_name, who, target) => {
    const before = (await auditRows()).length;
    const response = await t.app.inject(
      asUser(who(), {
        method: 'PATCH',
        url: `${base}/users/me/profile`,
        headers: impersonating(target()),
        payload: { displayName: 'Hijacked' },
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden' });
    expect((await profileOf(customer)).displayName).not.toBe('Hijacked');
    expect(await auditRows()).toHaveLength(before);
  });

  it('ignores an empty Impersonate-User header', async () => {
    const profile = await profileOf(colleague, { 'impersonate-user': '' });
    expect(profile.email).toBe('lee@customer.example');
  });
});
