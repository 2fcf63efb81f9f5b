import type { ConnectionProvider, Notification, NotificationChannels } from '@revlane/contracts';
import type { NotificationListRow } from './notifications.repository.js';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function toNotification(
  { row, segmentName, cohortName, lastFiredAt }: NotificationListRow,
  warnings: string[],
): Notification {
  return {
    id: row.id,
    name: row.name,
    segmentId: row.segmentId,
    segmentName,
    cohortId: row.cohortId,
    cohortName,
    type: row.type,
    threshold: row.threshold ?? null,
    channels: row.channels,
    enabled: row.enabled,
    snoozedUntil: iso(row.snoozedUntil),
    lastFiredAt: iso(lastFiredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    warnings,
  };
}

/** The connections an alert's channels send through: Slack when it posts to a channel. */
export const channelProviders = (channels: NotificationChannels): ConnectionProvider[] =>
  channels.slack ? ['slack'] : [];
