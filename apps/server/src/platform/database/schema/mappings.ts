import type { MappingBody, SyncStatus } from '@revlane/contracts';
import {
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';

/**
 * An organization's mapping draft (docs/architecture.md §5.1): one row per organization,
 * edited freely; segments run on the published versions only.
 */
export const mappingDrafts = pgTable('mapping_drafts', {
  orgId: orgIdColumn().primaryKey(),
  mapping: jsonb('mapping').$type<MappingBody>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAtColumn(),
});

/** What was published, by whom and when; the newest version is the one syncs re-apply. */
export const mappingVersions = pgTable(
  'mapping_versions',
  {
    orgId: orgIdColumn(),
    version: integer('version').notNull(),
    mapping: jsonb('mapping').$type<MappingBody>().notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.version] })],
);

/** One build of the canonical tables from a version (a publish, or a sync re-applying it). */
export const mappingRuns = pgTable('mapping_runs', {
  id: idColumn(),
  orgId: orgIdColumn(),
  version: integer('version').notNull(),
  status: text('status').$type<SyncStatus>().notNull().default('queued'),
  rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
  rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Written every few seconds while the run builds; a silent run's process died. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});
