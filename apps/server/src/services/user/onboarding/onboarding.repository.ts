import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { onboardingSteps } from '../../../platform/database/schema/index.js';

export type CompletedStepRecord = typeof onboardingSteps.$inferSelect;

export async function listCompletedSteps(db: Database, orgId: string, userId: string) {
  return db
    .select()
    .from(onboardingSteps)
    .where(and(eq(onboardingSteps.orgId, orgId), eq(onboardingSteps.userId, userId)));
}

/** Completing twice keeps the first completion time (the call is idempotent). */
export async function markStepCompleted(
  db: Database,
  orgId: string,
  userId: string,
  stepId: string,
): Promise<CompletedStepRecord | undefined> {
  await db.insert(onboardingSteps).values({ orgId, userId, stepId }).onConflictDoNothing();
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
