import type { BaseTable, ScoreBehaviourRule, ScoreFitRule, ScoreGrade } from '@revlane/contracts';
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
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';

/**
 * Scores (docs/product.md §2, ADR 0034): fit and behaviour rules giving points per account or
 * user. The organization's warehouse holds a copy of the current definitions, which every
 * rebuild of the derived tables reads. `slug` fixes the column names (`score_<slug>`…) for
 * good: unique per organization, deleted scores included, so a column name never comes back
 * meaning another score. A deleted score keeps its row (`deleted_at`) and its versions.
 */
export const scores = pgTable(
  'scores',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    baseTable: text('base_table').$type<BaseTable>().notNull(),
    fit: jsonb('fit').$type<ScoreFitRule[]>().notNull(),
    behaviour: jsonb('behaviour').$type<ScoreBehaviourRule[]>().notNull(),
    /** Null: the default grades (A ≥ 80, B ≥ 60, C ≥ 40, D). */
    grades: jsonb('grades').$type<ScoreGrade[] | null>(),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A seeded score's stable key within its organization (null: made by a user). */
    seedKey: text('seed_key'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('scores_org_id_name_key')
      .on(table.orgId, table.name)
      .where(sql`deleted_at is null`),
    uniqueIndex('scores_org_id_slug_key').on(table.orgId, table.slug),
    uniqueIndex('scores_org_id_seed_key_key').on(table.orgId, table.seedKey),
    index('scores_org_id_idx').on(table.orgId),
  ],
);

/** Every version of a score's definition (name, rules, grades): who and when. */
export const scoreVersions = pgTable(
  'score_versions',
  {
    scoreId: uuid('score_id')
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    orgId: orgIdColumn(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    fit: jsonb('fit').$type<ScoreFitRule[]>().notNull(),
    behaviour: jsonb('behaviour').$type<ScoreBehaviourRule[]>().notNull(),
    grades: jsonb('grades').$type<ScoreGrade[] | null>(),
  },
  (table) => [
    primaryKey({ columns: [table.scoreId, table.version] }),
    index('score_versions_org_id_idx').on(table.orgId),
  ],
);
