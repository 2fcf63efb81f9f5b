import { OnboardingStepDialog, SchedulingEmbed } from '@/features/onboarding';
import { useProfile } from '@/features/profile';
import { useAppConfig } from '@/common/config';

/** `/app/home/meet-an-expert`: book a session; booking it completes the step. */
export default function MeetAnExpertRoute() {
  const { scheduling } = useAppConfig();
  const { data: profile } = useProfile();
  return (
    <OnboardingStepDialog stepId="meet-an-expert" userId={profile?.id} width={760}>
      {({ complete }) => <SchedulingEmbed pageUrl={scheduling.url} onScheduled={complete} />}
    </OnboardingStepDialog>
  );
}
