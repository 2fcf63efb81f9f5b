import { z } from 'zod';
import { cellValueSchema } from './segment-data.js';

export const NOTIFICATION_NAME_MAX = 100;
export const NOTIFICATION_EMAILS_MAX = 20;

/** `new`: records entered the cohort; `less`: its member count dropped (docs/product.md §7). */
export const notificationTypeSchema = z.enum(['new', 'less']);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** How far a `less` alert's count must drop: any decrease, a count, or a percentage. */
export const notificationThresholdSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('any') }),
  z.strictObject({ kind: z.literal('count'), value: z.number().int().min(1).max(1_000_000_000) }),
  z.strictObject({ kind: z.literal('percent'), value: z.number().gt(0).max(100) }),
]);
export type NotificationThreshold = z.infer<typeof notificationThresholdSchema>;

/** Where a firing goes: the owner's in-app inbox, one Slack channel, email addresses. */
export const notificationChannelsSchema = z.strictObject({
  inApp: z.boolean(),
  slack: z.strictObject({ channelId: z.string().trim().min(1).max(100) }).nullable(),
  email: z.array(z.email('Not an email address')).max(NOTIFICATION_EMAILS_MAX),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'An alert needs a name')
  .max(NOTIFICATION_NAME_MAX, `At most ${NOTIFICATION_NAME_MAX} characters`);
const idSchema = z.string().min(1).max(100);

const definitionFields = {
  name: nameSchema,
  segmentId: idSchema,
  cohortId: idSchema,
  type: notificationTypeSchema,
  threshold: notificationThresholdSchema.nullable(),
  channels: notificationChannelsSchema,
  enabled: z.boolean(),
  snoozedUntil: z.iso.datetime({ offset: true }).nullable(),
};

/** A `less` alert needs its threshold; at least one channel must be on. Paths name the field. */
function checkDefinition(
  body: {
    type?: NotificationType;
    threshold?: NotificationThreshold | null;
    channels?: NotificationChannels;
  },
  ctx: z.core.$RefinementCtx,
) {
  if (body.type === 'less' && !body.threshold) {
    ctx.addIssue({
      code: 'custom',
      path: ['threshold'],
      message: 'A "less" alert needs a threshold',
    });
  }
  const channels = body.channels;
  if (channels && !channels.inApp && !channels.slack && channels.email.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['channels'], message: 'Choose at least one channel' });
  }
}

/** `POST notifications`. */
export const createNotificationBodySchema = z
  .strictObject({
    ...definitionFields,
    threshold: definitionFields.threshold.default(null),
    enabled: z.boolean().default(true),
    snoozedUntil: definitionFields.snoozedUntil.default(null),
  })
  .superRefine(checkDefinition);
export type CreateNotificationBody = z.input<typeof createNotificationBodySchema>;

/** `PATCH notifications/{id}`: any field; the merged definition is checked again. */
export const updateNotificationBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    cohortId: idSchema.optional(),
    type: notificationTypeSchema.optional(),
    threshold: definitionFields.threshold.optional(),
    channels: notificationChannelsSchema.optional(),
    enabled: z.boolean().optional(),
    snoozedUntil: definitionFields.snoozedUntil.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateNotificationBody = z.infer<typeof updateNotificationBodySchema>;

/** The definition a PATCH produces, checked like a new one. */
export const notificationDefinitionSchema = z.object(definitionFields).superRefine(checkDefinition);

export const notificationSchema = z.object({
  id: z.string(),
  name: z.string(),
  segmentId: z.string(),
  segmentName: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  type: notificationTypeSchema,
  threshold: notificationThresholdSchema.nullable(),
  channels: notificationChannelsSchema,
  enabled: z.boolean(),
  snoozedUntil: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why a channel cannot send now ("Slack is not connected"); empty when all can. */
  warnings: z.array(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET notifications` with the list params (docs/product.md §3): one page and the total. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const NOTIFICATION_SORT_FIELDS = ['name', 'createdAt', 'lastFiredAt'] as const;

export const deliveryChannelSchema = z.enum(['inApp', 'slack', 'email']);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;
export const deliveryStatusSchema = z.enum(['pending', 'sent', 'failed']);

export const deliverySchema = z.object({
  channel: deliveryChannelSchema,
  target: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int().min(0),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  /** A pending delivery's next try (`DELIVERY_RETRY_SCHEDULE`); null when due now or settled. */
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A record of a firing: its key columns (id, name, email or domain). */
export const firingRecordSchema = z.record(z.string(), cellValueSchema);

/** `GET notifications/{id}/firings`: newest first. */
export const firingSchema = z.object({
  id: z.string(),
  firedAt: z.string(),
  type: notificationTypeSchema,
  count: z.number().int().min(0),
  previousCount: z.number().int().min(0).nullable(),
  records: z.array(firingRecordSchema),
  deliveries: z.array(deliverySchema),
});
export type Firing = z.infer<typeof firingSchema>;
export const firingListSchema = z.array(firingSchema);

/** `GET notifications/inbox`: the user's in-app firings, unread first, then newest first. */
export const inboxItemSchema = z.object({
  firingId: z.string(),
  notificationId: z.string(),
  notificationName: z.string(),
  firedAt: z.string(),
  type: notificationTypeSchema,
  count: z.number().int().min(0),
  previousCount: z.number().int().min(0).nullable(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
/** An admin's notice that deliveries of a play or an alert failed for good. */
export const deliveryNoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path where the failed deliveries are seen and resent. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type DeliveryNotice = z.infer<typeof deliveryNoticeSchema>;
export const inboxSchema = z.object({
  /** Unread firings and unread notices. */
  unread: z.number().int().min(0),
  items: z.array(inboxItemSchema),
  /** Admins only: deliveries that failed for good, unread first, then newest first. */
  notices: z.array(deliveryNoticeSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** `POST notifications/inbox/read`: these firings, or every one when `firingIds` is absent. */
export const inboxReadBodySchema = z.strictObject({
  firingIds: z.array(idSchema).max(500).optional(),
  /** Notices to mark read; with neither list, every firing and notice is. */
  noticeIds: z.array(idSchema).max(500).optional(),
});
export type InboxReadBody = z.infer<typeof inboxReadBodySchema>;

/** `POST notifications/test`: a sample of an alert not saved yet, to the channels it names. */
export const testDraftBodySchema = z.strictObject({
  name: nameSchema,
  type: notificationTypeSchema,
  channels: notificationChannelsSchema,
});
export type TestDraftBody = z.infer<typeof testDraftBodySchema>;

/** `POST notifications/{id}/test`: what each configured channel said to a sample. */
export const testSendSchema = z.object({
  results: z.array(
    z.object({
      channel: deliveryChannelSchema,
      target: z.string(),
      ok: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
export type TestSend = z.infer<typeof testSendSchema>;

/** API paths of alerts in the live-operations service (docs/product.md §7). */
export const NOTIFICATIONS_API = {
  list: 'notifications',
  notification: (id: string) => `notifications/${id}`,
  segmentNotifications: (segmentId: string) => `segments/${segmentId}/notifications`,
  firings: (id: string) => `notifications/${id}/firings`,
  resend: (id: string, firingId: string) => `notifications/${id}/firings/${firingId}/resend`,
  test: (id: string) => `notifications/${id}/test`,
  testDraft: 'notifications/test',
  inbox: 'notifications/inbox',
  inboxRead: 'notifications/inbox/read',
} as const;
