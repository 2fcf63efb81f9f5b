import { onboardingStepListSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { onboardingKeys } from './onboarding-keys';

/** `GET users/me/onboarding-steps`: the four steps in order, with the user's progress. */
export const onboardingStepsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.onboardingSteps,
  schema: onboardingStepListSchema,
  queryKey: onboardingKeys.steps(),
});

export const useOnboardingSteps = () => useGetQuery(onboardingStepsQuery);
