import { DashboardSettingsCard } from '@/features/dashboard';
import { ProfileDetailsCard, SlackNotificationsCard } from '@/features/profile';
import { PageHeader } from '@/common/ui/page-header';

/** `/app/profile`: details, Slack notifications and dashboard settings. */
export default function ProfileRoute() {
  return (
    <>
      <PageHeader title="Profile" description="Your details and how Revlane keeps you posted." />
      <div className="flex max-w-3xl flex-col gap-6">
        <ProfileDetailsCard />
        <SlackNotificationsCard />
        <DashboardSettingsCard />
      </div>
    </>
  );
}
