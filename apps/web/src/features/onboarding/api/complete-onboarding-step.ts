import {
  onboardingStepSchema,
  USER_API,
  type OnboardingStep,
  type OnboardingStepId,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { onboardingKeys } from './onboarding-keys';

interface CompleteStepInput {
  userId: string;
  stepId: OnboardingStepId;
}

/** `PATCH {userId}/onboarding/steps/{stepId} { status: 'completed' }` (docs/product.md §4, §7). */
export async function completeOnboardingStep(
  client: ApiClient,
  { userId, stepId }: CompleteStepInput,
): Promise<OnboardingStep> {
  const path = USER_API.onboardingStep(encodeURIComponent(userId), stepId);
  const data = await client.patch<unknown>(path, { status: 'completed' });
  return onboardingStepSchema.parse(data);
}

/** Marks a step done; the checklist refetches so progress is what the server says. */
export function useCompleteOnboardingStep() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<OnboardingStep, ApiError, CompleteStepInput>({
    mutationFn: (input) => completeOnboardingStep(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.steps() }),
  });
}
