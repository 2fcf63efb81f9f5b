import type {
  CreateNotificationBody,
  Notification,
  NotificationThreshold,
  UpdateNotificationBody,
} from '@revlane/contracts';

/** The "New alert" / "Edit alert" form's values, in the order it asks for them. */
export interface AlertFormValues {
  name: string;
  segmentId: string | undefined;
  cohortId: string | undefined;
  type: 'new' | 'less';
  thresholdKind: NotificationThreshold['kind'];
  thresholdValue: number | null;
  inApp: boolean;
  slackChannelId: string | undefined;
  email: string[];
}

/** Where the form starts: an existing alert, or a new one (optionally on a given cohort). */
export function initialValues(
  alert?: Notification,
  preset: { segmentId?: string; cohortId?: string } = {},
): AlertFormValues {
  const threshold = alert?.threshold ?? null;
  return {
    name: alert?.name ?? '',
    segmentId: alert?.segmentId ?? preset.segmentId,
    cohortId: alert?.cohortId ?? preset.cohortId,
    type: alert?.type ?? 'new',
    thresholdKind: threshold?.kind ?? 'any',
    thresholdValue: threshold && threshold.kind !== 'any' ? threshold.value : null,
    inApp: alert?.channels.inApp ?? true,
    slackChannelId: alert?.channels.slack?.channelId,
    email: alert?.channels.email ?? [],
  };
}

function thresholdOf(values: AlertFormValues): NotificationThreshold | null {
  if (values.type !== 'less') return null;
  if (values.thresholdKind === 'any') return { kind: 'any' };
  return { kind: values.thresholdKind, value: values.thresholdValue ?? 0 };
}

export const channelsOf = (values: AlertFormValues) => ({
  inApp: values.inApp,
  slack: values.slackChannelId ? { channelId: values.slackChannelId } : null,
  email: values.email,
});

/** What is still missing before the form can be saved, or null. */
export function missingField(values: AlertFormValues): string | null {
  if (!values.name.trim()) return 'a name';
  if (!values.segmentId) return 'a segment';
  if (!values.cohortId) return 'a cohort';
  if (values.type === 'less' && values.thresholdKind !== 'any' && !values.thresholdValue)
    return 'a threshold';
  const channels = channelsOf(values);
  if (!channels.inApp && !channels.slack && channels.email.length === 0) return 'a channel';
  return null;
}

export function toCreateBody(values: AlertFormValues): CreateNotificationBody {
  return {
    name: values.name.trim(),
    segmentId: values.segmentId ?? '',
    cohortId: values.cohortId ?? '',
    type: values.type,
    threshold: thresholdOf(values),
    channels: channelsOf(values),
  };
}

/** A PATCH carries the definition; the segment of an alert does not change. */
export function toUpdateBody(values: AlertFormValues): UpdateNotificationBody {
  const { segmentId: _segment, ...body } = toCreateBody(values);
  return body;
}
