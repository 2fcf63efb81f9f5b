import { eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/database/database.js';
import { users } from '../platform/database/schema/index.js';
import { seedDemoCohorts } from './demo-cohorts.js';
import { seedDemoScores } from './demo-scores.js';
import { seedDemoUsers } from './demo-users.js';
import { seedDemoSegments } from './demo-segments.js';

/** The demo user (case-insensitive email): their organization gets the demo content. */
async function findDemoUser(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, orgId: users.orgId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/**
 * The embedded default's demo data, seeded by `main.ts` at start-up: the demo users (and
 * their organizations), then the demo organization's segments and their cohorts (some
 * starred for the demo user) and its scores. Idempotent. Its warehouse data loads after the
 * server is up (`ensureDemoWarehouseData`, in the background).
 */
export async function seedDemo(db: Database, password: string) {
  const demo = await seedDemoUsers(db, password);
  // Found through the demo user, so a renamed demo organization still gets its segments.
  const user = await findDemoUser(db, demo.demoEmail);
  if (!user) throw new Error(`The demo user ${demo.demoEmail} does not exist`);
  await seedDemoSegments(db, user.orgId);
  await seedDemoCohorts(db, user.orgId, user.id);
  await seedDemoScores(db, user.orgId);
  return { ...demo, orgId: user.orgId };
}
