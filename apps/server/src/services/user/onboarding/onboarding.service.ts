import {
  isProfileComplete,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingStepId,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { notFound } from '../../../platform/errors/http-error.js';
import {
  listCompletedSteps,
  markStepCompleted,
  type CompletedStepRecord,
} from './onboarding.repository.js';

function toStep(
  definition: (typeof ONBOARDING_STEPS)[number],
  completed?: CompletedStepRecord,
): OnboardingStep {
  return {
    ...definition,
    status: completed ? 'completed' : 'pending',
    completedAt: completed ? completed.completedAt.toISOString() : null,
  };
}

const COMPLETE_PROFILE_STEP = 'complete-profile';

interface ProfileFacts {
  id: string;
  displayName: string;
  email: string;
  photo: string | null;
}

/**
 * "Complete my profile" completes by itself once the user has a name of their own and a photo
 * (docs/product.md §4): recorded by the profile update that completes them, or noticed when
 * the steps are read for a profile complete since its first sign-in (the identity provider's
 * name and picture). Answers the completion, or undefined while the profile is not complete.
 */
export async function recordProfileStep(
  db: Database,
  orgId: string,
  user: ProfileFacts,
): Promise<CompletedStepRecord | undefined> {
  if (!isProfileComplete(user)) return undefined;
  return markStepCompleted(db, orgId, user.id, COMPLETE_PROFILE_STEP);
}

/** The four steps in their fixed order (docs/product.md §2), each with the user's progress. */
export async function listSteps(db: Database, auth: AuthContext): Promise<OnboardingStep[]> {
  const completed = await listCompletedSteps(db, auth.org.id, auth.user.id);
  if (!completed.some((row) => row.stepId === COMPLETE_PROFILE_STEP)) {
    const profileStep = await recordProfileStep(db, auth.org.id, auth.user);
    if (profileStep) completed.push(profileStep);
  }
  const byId = new Map(completed.map((row) => [row.stepId, row]));
  return ONBOARDING_STEPS.map((step) => toStep(step, byId.get(step.id)));
}

/**
 * Only the user the request acts as may complete their steps; any other id, even one that
 * exists, answers 404 like a user that doesn't (docs/architecture.md §2).
 */
export async function completeStep(
  db: Database,
  auth: AuthContext,
  userId: string,
  stepId: OnboardingStepId,
): Promise<OnboardingStep> {
  if (userId !== auth.user.id) throw notFound('User');
  const definition = ONBOARDING_STEPS.find((step) => step.id === stepId);
  if (!definition) throw notFound(`Onboarding step "${stepId}"`);
  const completed = await markStepCompleted(db, auth.org.id, auth.user.id, stepId);
  if (!completed) throw notFound('User');
  return toStep(definition, completed);
}
