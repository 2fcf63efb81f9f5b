import { findOrganizationIdByUserEmail } from './platform/auth/accounts.repository.js';
import type { Database } from './platform/database/database.js';
import { seedDemoSegments } from './services/live-ops/index.js';

/**
 * The embedded default's demo data, seeded by `main.ts` at start-up: the demo users (and
 * their organizations), then the demo organization's segments. Idempotent. Its warehouse
 * data loads after the server is up (`ensureDemoWarehouseData`, in the background).
 */
export async function seedDemo(db: Database, password: string) {
  // Loaded on demand, like the provider itself: external-IdP deployments never seed.
  const { seedDemoUsers } = await import('./idp/index.js');
  const demo = await seedDemoUsers(db, password);
  // Found through the demo user, so a renamed demo organization still gets its segments.
  const orgId = await findOrganizationIdByUserEmail(db, demo.demoEmail);
  if (!orgId) throw new Error(`The demo user ${demo.demoEmail} has no organization`);
  await seedDemoSegments(db, orgId);
  return { ...demo, orgId };
}
