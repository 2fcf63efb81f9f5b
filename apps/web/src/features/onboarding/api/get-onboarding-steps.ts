import { onboardingStepListSchema, USER_API, type OnboardingStep } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { onboardingKeys } from './onboarding-keys';

/** `GET users/me/onboarding-steps`: the four steps in order, with the user's progress. */
export async function fetchOnboardingSteps(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<OnboardingStep[]> {
  const data = await client.get<unknown>(USER_API.onboardingSteps, { signal });
  return onboardingStepListSchema.parse(data);
}

export function onboardingStepsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: onboardingKeys.steps(),
    queryFn: ({ signal }) => fetchOnboardingSteps(client, signal),
  });
}

export function useOnboardingSteps() {
  const client = useApiClient('user');
  return useQuery(onboardingStepsQueryOptions(client));
}
