import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { onboardingSteps, users } from '../../../platform/database/schema/index.js';

export type CompletedStepRecord = typeof onboardingSteps.$inferSelect;

export async function listCompletedSteps(db: Database, orgId: string, userId: string) {
  return db
    .select()
    .from(onboardingSteps)
    .where(and(eq(onboardingSteps.orgId, orgId), eq(onboardingSteps.userId, userId)));
}

/**
 * Completing twice keeps the first completion time (the call is idempotent). The row is
 * copied from the user's own row, so a user id of another organization inserts nothing.
 */
export async function markStepCompleted(
  db: Database,
  orgId: string,
  userId: string,
  stepId: string,
): Promise<CompletedStepRecord | undefined> {
  // Drizzle's insert-select wants every column, in table order.
  const ownUser = db
    .select({
      orgId: users.orgId,
      userId: users.id,
      stepId: sql<string>`${stepId}`.as('step_id'),
      completedAt: sql<Date>`now()`.as('completed_at'),
    })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, userId)));
  await db.insert(onboardingSteps).select(ownUser).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(onboardingSteps)
    .where(
      and(
        eq(onboardingSteps.orgId, orgId),
        eq(onboardingSteps.userId, userId),
        eq(onboardingSteps.stepId, stepId),
      ),
    );
  return row;
}
