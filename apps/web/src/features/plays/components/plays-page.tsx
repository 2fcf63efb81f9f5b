import { ThunderboltOutlined } from '@ant-design/icons';
import { EmptyPage } from '@/common/ui/empty-page';

/** The plays list; plays arrive with their own issue. */
export function PlaysPage() {
  return (
    <EmptyPage
      title="Plays"
      description="Automations that act on records as they enter a cohort."
      icon={<ThunderboltOutlined />}
      emptyTitle="No plays yet"
    >
      A play watches a cohort or runs on a schedule, then acts on each record: a Slack message, a
      CRM task or lead, an Outreach sequence, a Google Sheet row or a webhook. Your plays, their
      status and their last runs will be listed here.
    </EmptyPage>
  );
}
