import type { FilterItem } from '@revlane/contracts';
import {
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
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';
import { segments } from './live-ops.js';
import { definitionVersionColumns } from './version-columns.js';

/**
 * Cohorts (docs/architecture.md §6): a named filter set of a segment. `latest_members` and
 * `latest_snapshot_at` mirror the newest membership snapshot (whose member ids live in the
 * organization's warehouse), so lists and alerts read a count without touching the warehouse.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<FilterItem[]>().notNull(),
    latestMembers: integer('latest_members'),
    latestSnapshotAt: timestamp('latest_snapshot_at', { withTimezone: true }),
    /**
     * Set when the cohort is created or its filters change: its snapshot history is (re)built
     * from the as-of series by the next back-fill, which clears it (ADR 0013).
     */
    historyRequestedAt: timestamp('history_requested_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A seeded cohort's stable key within its segment (null: made by a user); see segments. */
    seedKey: text('seed_key'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('cohorts_segment_id_name_key').on(table.segmentId, table.name),
    uniqueIndex('cohorts_segment_id_seed_key_key').on(table.segmentId, table.seedKey),
    index('cohorts_org_id_idx').on(table.orgId),
  ],
);

/** A user's starred cohorts (favorites are personal: one user's star is not the team's). */
export const cohortFavorites = pgTable(
  'cohort_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.cohortId] })],
);

/** Every version of a cohort's definition (name, filters): who, when, before and after. */
export const cohortVersions = pgTable(
  'cohort_versions',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    ...definitionVersionColumns(),
  },
  (table) => [primaryKey({ columns: [table.cohortId, table.version] })],
);
