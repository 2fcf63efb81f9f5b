import type { NotificationChannels, NotificationThreshold } from '@revlane/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cohorts } from './cohorts.js';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';
import { segments } from './live-ops.js';

/**
 * Alerts on a cohort (ADR 0023). `evaluated_at` is the snapshot moment the alert last looked
 * at (null: not yet, so the next evaluation is its baseline); `reference_count` and `armed`
 * are the `less` alert's state: the count a drop is measured from, and whether it may fire.
 * The cohort's foreign key restricts: a cohort with alerts is not deleted (ADR 0006).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type').$type<'new' | 'less'>().notNull(),
    threshold: jsonb('threshold').$type<NotificationThreshold | null>(),
    channels: jsonb('channels').$type<NotificationChannels>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    referenceCount: integer('reference_count'),
    armed: boolean('armed').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('notifications_org_id_idx').on(table.orgId),
    index('notifications_cohort_id_idx').on(table.cohortId),
  ],
);

/** One firing per alert and snapshot moment: a retried evaluation cannot fire twice. */
export const notificationFirings = pgTable(
  'notification_firings',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    firedAt: createdAtColumn(),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull(),
    type: text('type').$type<'new' | 'less'>().notNull(),
    count: integer('count').notNull(),
    previousCount: integer('previous_count'),
    records: jsonb('records').$type<Record<string, string | null>[]>().notNull(),
  },
  (table) => [
    uniqueIndex('notification_firings_moment_key').on(table.notificationId, table.snapshotAt),
  ],
);

/**
 * The outbox (ADR 0023): one row per firing, channel and target, written with the firing;
 * the delivery job marks it sent once the provider accepted it. `idempotency_key` travels
 * with the message so a resend after a crash is recognised by the receiver. In-app rows are
 * the inbox: `target` is the user's id and `read_at` their read mark.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    firingId: uuid('firing_id')
      .notNull()
      .references(() => notificationFirings.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'inApp' | 'slack' | 'email'>().notNull(),
    target: text('target').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Until when a worker holds the row (it is sending); a crashed worker's lease runs out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** A pending delivery's next try on the retry schedule; null = now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('notification_deliveries_idempotency_key_key').on(table.idempotencyKey),
    index('notification_deliveries_firing_id_idx').on(table.firingId),
    index('notification_deliveries_target_idx').on(table.channel, table.target),
  ],
);

/**
 * A notice to one admin that deliveries failed for good (docs/product.md §7): shown in their
 * in-app inbox beside alert firings. `key` makes a retried notice land once per user.
 */
export const deliveryNotices = pgTable(
  'delivery_notices',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path of the run or alert whose deliveries failed. */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('delivery_notices_user_id_key_key').on(table.userId, table.key)],
);
