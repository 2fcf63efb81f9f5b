/** Query keys of the onboarding feature. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  steps: () => [...onboardingKeys.all, 'steps'] as const,
};
