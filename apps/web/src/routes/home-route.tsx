import { Outlet } from 'react-router';
import { useSession } from '@/features/auth';
import { FavoriteCohorts, SegmentTrends } from '@/features/cohorts';
import { DashboardArea } from '@/features/dashboard';
import { HomeHeader } from '@/features/home';
import { OnboardingChecklist } from '@/features/onboarding';
import { RecentPlayActivity } from '@/features/plays';
import { useProfile } from '@/features/profile';
import { Sparkline } from '@/features/segments';

/** Home: who is signed in, the onboarding checklist and the dashboard; steps open on top. */
export default function HomeRoute() {
  const session = useSession();
  const profile = useProfile();
  // Until (or if) the profile loads, the identity token's name is the best there is.
  const displayName =
    profile.data?.displayName ??
    session.user?.name ??
    session.user?.email ??
    (profile.isPending ? undefined : (session.impersonatedUserId ?? 'your account'));

  return (
    <div className="flex flex-col gap-10">
      <div>
        <HomeHeader displayName={displayName} />
        <OnboardingChecklist />
      </div>
      <DashboardArea
        favoriteCohorts={<FavoriteCohorts Sparkline={Sparkline} />}
        segmentTrends={(days) => <SegmentTrends Sparkline={Sparkline} days={days} />}
        playActivity={<RecentPlayActivity />}
      />
      <Outlet />
    </div>
  );
}
