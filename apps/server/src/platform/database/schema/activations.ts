import type {
  ActivationField,
  ActivationMode,
  ActivationOnLeave,
  ActivationProvider,
  ActivationRunCounts,
  ActivationRunStatus,
  ActivationSchedule,
} from '@revlane/contracts';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cohorts } from './cohorts.js';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';

/**
 * Activations (ADR 0033): keep a destination's records equal to a cohort. What was last sent
 * per record lives in the warehouse (`activation_state`), next to the cohort it is compared
 * with; these tables hold the definitions, the runs and each run's outbox. A deleted
 * activation keeps its row (`deleted_at`) so its runs stay readable, and lets go of its
 * cohort, whose foreign key otherwise restricts (ADR 0006).
 */
export const activations = pgTable(
  'activations',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<ActivationProvider>().notNull(),
    object: text('object').notNull(),
    matchColumn: text('match_column').notNull(),
    matchField: text('match_field').notNull(),
    mode: text('mode').$type<ActivationMode>().notNull(),
    fields: jsonb('fields').$type<ActivationField[]>().notNull(),
    schedule: text('schedule').$type<ActivationSchedule>().notNull(),
    onLeave: text('on_leave').$type<ActivationOnLeave>().notNull(),
    /** The next hourly or daily run; null for manual and after-load schedules. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('activations_org_id_idx').on(table.orgId),
    index('activations_cohort_id_idx').on(table.cohortId),
  ],
);

/**
 * A run: its change set is planned once (`planned_at`, in the same transaction as its
 * records), then sent batch by batch. At most one unfinished run per activation.
 */
export const activationRuns = pgTable(
  'activation_runs',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    activationId: uuid('activation_id')
      .notNull()
      .references(() => activations.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'manual' | 'after_load' | 'hourly' | 'daily'>().notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    retryFailed: boolean('retry_failed').notNull().default(false),
    status: text('status').$type<ActivationRunStatus>().notNull().default('queued'),
    counts: jsonb('counts').$type<ActivationRunCounts>().notNull(),
    planned: integer('planned').notNull().default(0),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    /** Set when the run's outcomes were written to the warehouse state. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The worker's last sign of life: a run whose heartbeat is old is resumed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    /** What the run left out and why (members without a key, a key twice). */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('activation_runs_activation_id_idx').on(table.activationId, table.createdAt),
    index('activation_runs_org_id_idx').on(table.orgId),
    uniqueIndex('activation_runs_one_unfinished_key')
      .on(table.activationId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * A run's outbox: one row per record of the change set, in batches (`batch`, in sending
 * order). `outcome` is pending until the destination answered. `values` are the mapped
 * values sent (field → text), `before` what the state held (the last values sent).
 */
export const activationRunRecords = pgTable(
  'activation_run_records',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => activationRuns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orgId: orgIdColumn(),
    change: text('change').$type<'added' | 'changed' | 'removed'>().notNull(),
    /** The destination call: update, upsert or delete (a clear is an update of nulls). */
    operation: text('operation').$type<'update' | 'upsert' | 'delete'>().notNull(),
    batch: integer('batch').notNull(),
    outcome: text('outcome')
      .$type<'pending' | 'planned' | 'succeeded' | 'failed'>()
      .notNull()
      .default('pending'),
    hash: text('hash'),
    values: jsonb('values').$type<Record<string, string | null>>().notNull(),
    before: jsonb('before').$type<Record<string, string | null> | null>(),
    destinationId: text('destination_id'),
    answer: text('answer'),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.key] }),
    index('activation_run_records_batch_idx').on(table.runId, table.batch),
  ],
);

/**
 * A batch's claim and checkpoint: `claimed_until` is the lease of the worker sending it;
 * `claims` counts how often it was taken (a second claim may follow a send that landed);
 * `checkpoint` holds what the destination must find again after a crash (a Bulk job id).
 */
export const activationRunBatches = pgTable(
  'activation_run_batches',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => activationRuns.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    claims: integer('claims').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    checkpoint: text('checkpoint'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** When its answers were written into the warehouse state (during the run, not after). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.runId, table.batch] })],
);

/** API calls spent per provider and UTC day, against the organization's daily budget. */
export const activationApiUsage = pgTable(
  'activation_api_usage',
  {
    orgId: orgIdColumn(),
    provider: text('provider').$type<ActivationProvider>().notNull(),
    day: date('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.provider, table.day] })],
);

/** The organization's optional daily API budgets per provider (calls per UTC day). */
export const activationBudgets = pgTable(
  'activation_budgets',
  {
    orgId: orgIdColumn(),
    provider: text('provider').$type<ActivationProvider>().notNull(),
    callsPerDay: integer('calls_per_day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.provider] })],
);
