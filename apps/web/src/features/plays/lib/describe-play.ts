import type { PlayActionType, PlayRunCounts, PlayStatus, PlayTrigger } from '@revlane/contracts';

export const ACTION_LABELS: Record<PlayActionType, string> = {
  slack_message: 'Slack message',
  salesforce_task: 'Salesforce task',
  hubspot_task: 'HubSpot task',
  outreach_sequence: 'Outreach sequence',
  google_sheet_append: 'Google Sheet row',
  webhook: 'Webhook',
};

export const STATUS_LABELS: Record<PlayStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
};

export const STATUS_COLORS: Record<PlayStatus, string> = {
  draft: 'default',
  active: 'green',
  paused: 'gold',
};

export function describeTrigger(trigger: PlayTrigger): string {
  return trigger.type === 'schedule'
    ? `On a schedule (${trigger.cron}, ${trigger.timezone})`
    : 'When records enter the cohort';
}

/** "12 records: 20 succeeded, 2 failed" (items are per record and action). */
export function describeCounts(counts: PlayRunCounts): string {
  const parts = [`${counts.succeeded} succeeded`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.pending > 0) parts.push(`${counts.pending} pending`);
  return `${counts.records} record${counts.records === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
