import { ConnectStepContent, OnboardingStepDialog } from '@/features/onboarding';
import { useProfile } from '@/features/profile';

/** `/app/home/connect-my-data`. */
export default function ConnectMyDataRoute() {
  const { data: profile } = useProfile();
  return (
    <OnboardingStepDialog stepId="connect-my-data" userId={profile?.id}>
      {() => <ConnectStepContent kind="data" />}
    </OnboardingStepDialog>
  );
}
