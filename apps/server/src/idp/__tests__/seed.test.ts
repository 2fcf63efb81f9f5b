import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, userCredentials, users } from '../../platform/database/schema/index.js';
import { useTestDatabase } from '../../../test/database.js';
import { seedDemoUsers } from '../../demo/demo-users.js';
import { verifyPassword } from '../index.js';

describe('seedDemoUsers', () => {
  const handle = useTestDatabase();

  it('creates the demo tenant and the vendor support user, once', async () => {
    const first = await seedDemoUsers(handle.db, 'demo-password-1');
    const snapshot = async () => ({
      orgs: await handle.db.select().from(organizations).orderBy(organizations.domain),
      users: await handle.db.select().from(users).orderBy(users.email),
      credentials: await handle.db.select().from(userCredentials).orderBy(userCredentials.userId),
    });
    const before = await snapshot();
    const second = await seedDemoUsers(handle.db, 'demo-password-1');
    expect(second).toEqual(first);
    expect(await snapshot()).toEqual(before);

    expect(first).toEqual({
      demoEmail: 'demo@acme.example',
      supportEmail: 'support@revlane.dev',
      memberEmail: 'alex@acme.example',
    });
    expect(before.orgs.map(({ name, domain, isVendor }) => ({ name, domain, isVendor }))).toEqual([
      { name: 'Acme Analytics', domain: 'acme.example', isVendor: false },
      { name: 'Revlane Support', domain: 'revlane.dev', isVendor: true },
    ]);
    const orgByDomain = new Map(before.orgs.map((org) => [org.id, org.domain]));
    expect(
      before.users.map((user) => ({
        email: user.email,
        name: user.displayName,
        role: user.role,
        org: orgByDomain.get(user.orgId),
        isOwnSubject: user.subject === user.id,
        termsAccepted: user.termsAcceptedAt !== null,
      })),
    ).toEqual([
      {
        email: 'alex@acme.example',
        name: 'Alex Member',
        role: 'member',
        org: 'acme.example',
        isOwnSubject: true,
        termsAccepted: false,
      },
      {
        email: 'demo@acme.example',
        name: 'Dana Demo',
        role: 'admin',
        org: 'acme.example',
        isOwnSubject: true,
        termsAccepted: false,
      },
      {
        email: 'support@revlane.dev',
        name: 'Sam Support',
        role: 'support',
        org: 'revlane.dev',
        isOwnSubject: true,
        termsAccepted: false,
      },
    ]);
    expect(before.credentials).toHaveLength(3);
    for (const credential of before.credentials) {
      expect(credential.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(credential.passwordHash, 'demo-password-1')).toBe(true);
      expect(await verifyPassword(credential.passwordHash, 'other')).toBe(false);
    }
  });

  it('leaves a password a demo user has changed alone', async () => {
    const [demo] = await handle.db.select().from(users).where(eq(users.email, 'demo@acme.example'));
    await handle.db
      .update(userCredentials)
      .set({ passwordHash: 'changed' })
      .where(eq(userCredentials.userId, demo!.id));
    await seedDemoUsers(handle.db, 'demo-password-1');
    const [credential] = await handle.db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, demo!.id));
    expect(credential!.passwordHash).toBe('changed');
  });
});
