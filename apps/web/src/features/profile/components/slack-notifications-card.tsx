import { SectionCard } from '@/common/ui/section-card';
import { SlackChannelField } from './slack-channel-field';

export function SlackNotificationsCard() {
  return (
    <SectionCard
      title="Slack notifications"
      description="Alerts you follow are posted to this Slack channel."
    >
      <SlackChannelField />
    </SectionCard>
  );
}
