import {
  DEFAULT_DASHBOARD_SETTINGS,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type Profile,
  type SegmentSummary,
} from '@revlane/contracts';
import { impersonatedProfile } from './profile-fixture';

/** A signed-in user of their own (not impersonated) who still has to accept the terms. */
export const newUserProfile: Profile = {
  ...impersonatedProfile,
  id: 'user-7',
  displayName: 'Grace Hopper',
  email: 'grace@acme.test',
  app: { termsOfService: { accepted: false } },
  impersonatedBy: null,
};

export const acceptedProfile: Profile = {
  ...newUserProfile,
  app: { termsOfService: { accepted: true } },
};

export const COMPLETED_AT = '2026-03-04T09:15:00.000Z';

export function onboardingSteps(completed: string[] = []): OnboardingStep[] {
  return ONBOARDING_STEPS.map((step) => ({
    ...step,
    status: completed.includes(step.id) ? 'completed' : 'pending',
    completedAt: completed.includes(step.id) ? COMPLETED_AT : null,
  }));
}

export const demoSegments: SegmentSummary[] = [
  { id: 'seg-1', name: 'Active accounts', disabled: false },
  { id: 'seg-2', name: 'Churn risk', disabled: true },
];

export const dashboardSettings = DEFAULT_DASHBOARD_SETTINGS;
