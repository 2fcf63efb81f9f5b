import { onboardingStepListSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { onboardingKeys } from './onboarding-keys';

/** `GET users/me/onboarding-steps`: the four steps in order, with the user's progress. */
export const onboardingStepsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.onboardingSteps,
  schema: onboardingStepListSchema,
  queryKey: onboardingKeys.steps(),
  // Steps also complete by themselves (a sync, a CRM connection, the profile; docs/product.md
  // §4), away from this page: the checklist and each step's dialog read them again on showing.
  staleTime: 0,
});

export const useOnboardingSteps = () => useGetQuery(onboardingStepsQuery);
