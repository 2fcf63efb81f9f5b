import { ConnectStepContent, OnboardingStepDialog } from '@/features/onboarding';
import { useProfile } from '@/features/profile';

/** `/app/home/connect-my-crm`. */
export default function ConnectMyCrmRoute() {
  const { data: profile } = useProfile();
  return (
    <OnboardingStepDialog stepId="connect-my-crm" userId={profile?.id}>
      {() => <ConnectStepContent kind="crm" />}
    </OnboardingStepDialog>
  );
}
