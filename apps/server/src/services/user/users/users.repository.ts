import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { users } from '../../../platform/database/schema/index.js';
import { forgetCachedAccounts } from '../../../platform/auth/account-cache.js';

export type UserRecord = typeof users.$inferSelect;

/** Every statement names the organization too: an id alone never reaches another org's row. */
const byOrgAndId = (orgId: string, userId: string) =>
  and(eq(users.orgId, orgId), eq(users.id, userId));

export async function updateUser(
  db: Database,
  orgId: string,
  userId: string,
  changes: { displayName?: string; photo?: string | null },
): Promise<UserRecord | undefined> {
  const [row] = await db.update(users).set(changes).where(byOrgAndId(orgId, userId)).returning();
  forgetCachedAccounts();
  return row;
}

/** Keeps the first acceptance time, so repeating the call changes nothing. */
export async function markTermsAccepted(db: Database, orgId: string, userId: string) {
  const [row] = await db
    .update(users)
    .set({ termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, now())` })
    .where(byOrgAndId(orgId, userId))
    .returning();
  forgetCachedAccounts();
  return row;
}

export async function findDashboard(db: Database, orgId: string, userId: string) {
  const [row] = await db
    .select({ dashboard: users.dashboard })
    .from(users)
    .where(byOrgAndId(orgId, userId));
  return row;
}

/** Merges in SQL (jsonb `||`), so two concurrent partial updates both land. */
export async function mergeDashboard(
  db: Database,
  orgId: string,
  userId: string,
  changes: Record<string, unknown>,
) {
  const [row] = await db
    .update(users)
    .set({
      dashboard: sql`coalesce(${users.dashboard}, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
    })
    .where(byOrgAndId(orgId, userId))
    .returning({ dashboard: users.dashboard });
  forgetCachedAccounts();
  return row;
}
