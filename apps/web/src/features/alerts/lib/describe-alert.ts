import type { Delivery, Notification, NotificationThreshold } from '@revlane/contracts';

export const TYPE_LABELS: Record<Notification['type'], string> = {
  new: 'New records',
  less: 'Fewer records',
};

export const CHANNEL_LABELS: Record<Delivery['channel'], string> = {
  inApp: 'In app',
  slack: 'Slack',
  email: 'Email',
};

/** How far a "less" alert's cohort must shrink, in words. */
export function describeThreshold(threshold: NotificationThreshold | null): string {
  if (!threshold || threshold.kind === 'any') return 'any decrease';
  if (threshold.kind === 'count') return `a drop of ${threshold.value} or more`;
  return `a drop of ${threshold.value}% or more`;
}

/** The alert's channels as a short list: "In app, Slack, Email (2)". */
export function describeChannels(channels: Notification['channels']): string {
  const parts: string[] = [];
  if (channels.inApp) parts.push(CHANNEL_LABELS.inApp);
  if (channels.slack) parts.push(CHANNEL_LABELS.slack);
  if (channels.email.length > 0) parts.push(`${CHANNEL_LABELS.email} (${channels.email.length})`);
  return parts.join(', ');
}

/** Whether a snooze is still running at `now`. */
export const isSnoozed = (alert: Pick<Notification, 'snoozedUntil'>, now = Date.now()) =>
  alert.snoozedUntil !== null && Date.parse(alert.snoozedUntil) > now;
