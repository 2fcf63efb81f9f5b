import type { PlayAction, PlayRunCounts } from '@revlane/contracts';
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

/**
 * Plays (ADR 0024): a trigger on a cohort and ordered actions. `evaluated_at` is the snapshot
 * moment (or scheduled time) the play last acted up to; null means its next look is a
 * baseline (unless `include_existing`). `sealed_secrets` holds the webhook actions' signing
 * secrets, sealed with the play's id as associated data. A deleted play keeps its row
 * (`deleted_at`) so its runs stay readable; it lets go of the cohort (`cohort_id` null), whose
 * foreign key otherwise restricts: a cohort with plays is not deleted (ADR 0006).
 */
export const plays = pgTable(
  'plays',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    status: text('status').$type<'draft' | 'active' | 'paused'>().notNull(),
    triggerType: text('trigger_type').$type<'cohort_entered' | 'schedule'>().notNull(),
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'restrict' }),
    cron: text('cron'),
    timezone: text('timezone'),
    actions: jsonb('actions').$type<PlayAction[]>().notNull(),
    sealedSecrets: text('sealed_secrets'),
    includeExisting: boolean('include_existing').notNull().default(false),
    reentry: text('reentry').$type<'once' | 'every_entry'>().notNull(),
    /** When the play was first made active: its baseline is taken then (ADR 0024). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('plays_org_id_idx').on(table.orgId),
    index('plays_cohort_id_idx').on(table.cohortId),
  ],
);

/** One run per play and window end: a retried snapshot job cannot start a run twice. */
export const playRuns = pgTable(
  'play_runs',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    playId: uuid('play_id')
      .notNull()
      .references(() => plays.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'cohort_entered' | 'schedule'>().notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    startedAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status')
      .$type<'running' | 'succeeded' | 'partial' | 'failed'>()
      .notNull()
      .default('running'),
    counts: jsonb('counts').$type<PlayRunCounts>().notNull(),
  },
  (table) => [
    uniqueIndex('play_runs_window_key').on(table.playId, table.windowEnd),
    index('play_runs_org_id_idx').on(table.orgId),
  ],
);

/**
 * The outbox of a run (ADR 0024): one row per record and action, written with the run, with a
 * unique idempotency key `<play>:<action>:<record>:<entry>` passed downstream, so a retried or
 * restarted run never acts twice. `record` is the values the templates render.
 */
export const playRunItems = pgTable(
  'play_run_items',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => playRuns.id, { onDelete: 'cascade' }),
    playId: uuid('play_id')
      .notNull()
      .references(() => plays.id, { onDelete: 'cascade' }),
    actionId: text('action_id').notNull(),
    actionType: text('action_type').$type<PlayAction['type']>().notNull(),
    position: integer('position').notNull(),
    recordId: text('record_id').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** A pending item's next try on the retry schedule; null = now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    externalId: text('external_id'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('play_run_items_idempotency_key_key').on(table.idempotencyKey),
    index('play_run_items_run_id_idx').on(table.runId, table.status),
    index('play_run_items_play_record_idx').on(table.playId, table.recordId),
  ],
);
