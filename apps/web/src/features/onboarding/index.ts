export { onboardingKeys } from './api/onboarding-keys';
export { useOnboardingSteps, onboardingStepsQuery } from './api/get-onboarding-steps';
export { useCompleteOnboardingStep } from './api/complete-onboarding-step';
export { ConnectStepContent } from './components/connect-step-content';
export { OnboardingChecklist } from './components/onboarding-checklist';
export { OnboardingStepDialog } from './components/onboarding-step-dialog';
export { SchedulingEmbed } from './components/scheduling-embed';
