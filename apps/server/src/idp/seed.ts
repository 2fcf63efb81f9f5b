import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/database/database.js';
import { organizations, userCredentials, users } from '../platform/database/schema/index.js';
import { hashPassword } from './passwords.js';

export interface SeedUser {
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'member' | 'support';
}

export interface SeedOrganization {
  name: string;
  domain: string;
  isVendor: boolean;
  users: SeedUser[];
}

/**
 * The identity provider's seed function (the demo module calls it): creates the
 * organizations and their users with the given password. Idempotent: what exists is left
 * alone, including a password a user has changed since. Terms stay unaccepted so the SPA's
 * terms modal shows on the first sign-in.
 */
export async function seedSignInAccounts(
  db: Database,
  seeds: readonly SeedOrganization[],
  password: string,
): Promise<void> {
  for (const seed of seeds) {
    const orgId = await ensureOrganization(db, seed);
    for (const user of seed.users) {
      const userId = await ensureUser(db, orgId, user);
      await ensurePassword(db, userId, password);
    }
  }
}

async function ensureOrganization(db: Database, seed: SeedOrganization): Promise<string> {
  await db
    .insert(organizations)
    .values({ name: seed.name, domain: seed.domain, isVendor: seed.isVendor })
    .onConflictDoNothing({ target: organizations.domain });
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.domain, seed.domain));
  if (!org) throw new Error(`organization ${seed.domain} could not be created`);
  return org.id;
}

async function ensureUser(db: Database, orgId: string, seed: SeedUser): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, seed.email));
  if (existing) return existing.id;
  // Embedded users are their own subject: the id is known before the insert.
  const id = randomUUID();
  await db
    .insert(users)
    .values({ id, orgId, subject: id, email: seed.email, displayName: seed.name, role: seed.role })
    .onConflictDoNothing();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, seed.email));
  if (!user) throw new Error(`user ${seed.email} could not be created`);
  return user.id;
}

async function ensurePassword(db: Database, userId: string, password: string) {
  const [credential] = await db
    .select({ userId: userCredentials.userId })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId));
  if (credential) return;
  await db
    .insert(userCredentials)
    .values({ userId, passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
}
