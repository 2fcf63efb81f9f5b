import { z } from 'zod';
import { columnSchema, segmentRowSchema } from './segment-data.js';

/**
 * One customer record's page (docs/product.md §2, Accounts and users): an account or a user of
 * the merged canonical model (ADR 0032), with where it stands in cohorts, the alerts that
 * fired for it and the play actions run for it. Live-ops routes, organization scoped.
 */
export const RECORD_KINDS = ['accounts', 'users'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Which part of the page a column belongs on. */
export const columnGroupSchema = z.enum(['product', 'crm', 'custom']);
export type ColumnGroup = z.infer<typeof columnGroupSchema>;

export const recordColumnSchema = columnSchema.extend({ group: columnGroupSchema });
export type RecordColumn = z.infer<typeof recordColumnSchema>;

export const recordMembershipSchema = z.object({
  cohortId: z.string(),
  cohortName: z.string(),
  segmentId: z.string(),
  /** When the record entered (the snapshot that first counted it in its current stay). */
  enteredAt: z.string().nullable(),
  /** Set for a cohort it left: when it left. */
  leftAt: z.string().nullable(),
});
export type RecordMembership = z.infer<typeof recordMembershipSchema>;

export const recordFiringSchema = z.object({
  notificationId: z.string(),
  notificationName: z.string(),
  firingId: z.string(),
  firedAt: z.string(),
});
export type RecordFiring = z.infer<typeof recordFiringSchema>;

export const recordPlayItemSchema = z.object({
  playId: z.string(),
  playName: z.string(),
  runId: z.string(),
  actionType: z.string(),
  /** The item's delivery status: pending, sent, failed, skipped… as the play run shows it. */
  status: z.string(),
  error: z.string().nullable(),
  at: z.string(),
});
export type RecordPlayItem = z.infer<typeof recordPlayItemSchema>;

/** `GET accounts/{id}` and `GET users/{id}`. */
export const recordDetailSchema = z.object({
  kind: z.enum(RECORD_KINDS),
  /** The record's row exactly as the segment table shows it (same names, same values). */
  record: segmentRowSchema,
  /** The catalogue columns of the record, each with its group, in catalogue order. */
  columns: z.array(recordColumnSchema),
  /** An account's users (at most `USERS_ON_ACCOUNT_PAGE`, most recently seen first). */
  users: z.array(segmentRowSchema).optional(),
  usersTotal: z.number().int().optional(),
  /** A user's account row, when it has one. */
  account: segmentRowSchema.nullable().optional(),
  /** Cohorts it is in now, then cohorts it left in the last 90 days (leftAt set). */
  memberships: z.array(recordMembershipSchema),
  firings: z.array(recordFiringSchema),
  playItems: z.array(recordPlayItemSchema),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

export const USERS_ON_ACCOUNT_PAGE = 500;
export const RECORD_EVENTS_PER_PAGE_MAX = 200;
export const RECORD_ACTIVITY_DAYS_MAX = 365;

/** One event of a record's timeline. */
export const recordEventSchema = z.object({
  /** Null for an account's event no user made (the canonical events allow it). */
  userId: z.string().nullable(),
  accountId: z.string().nullable(),
  name: z.string(),
  occurredAt: z.string(),
  properties: z.unknown().nullable(),
});
export type RecordEvent = z.infer<typeof recordEventSchema>;

/** `GET accounts/{id}/events?page=&perPage=` and `GET users/{id}/events`: newest first. */
export const recordEventsPageSchema = z.object({
  events: z.array(recordEventSchema),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  /** Whether a further page exists (the timeline is not counted: it may be millions). */
  hasMore: z.boolean(),
});
export type RecordEventsPage = z.infer<typeof recordEventsPageSchema>;

/** `GET accounts/{id}/activity?days=` (and users): events per UTC day, oldest first, zeros kept. */
export const recordActivitySchema = z.object({
  days: z.array(z.object({ day: z.string(), events: z.number().int() })),
});
export type RecordActivity = z.infer<typeof recordActivitySchema>;

/** Live-ops paths, relative to its base URL. */
export const RECORDS_API = {
  detail: (kind: RecordKind, id: string) => `${kind}/${encodeURIComponent(id)}`,
  events: (kind: RecordKind, id: string) => `${kind}/${encodeURIComponent(id)}/events`,
  activity: (kind: RecordKind, id: string) => `${kind}/${encodeURIComponent(id)}/activity`,
} as const;
