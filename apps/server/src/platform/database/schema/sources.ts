import type {
  SelectedTable,
  SourceSchedule,
  SourceType,
  SyncStatus,
  SyncTableReport,
} from '@revlane/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';

/** What a sync remembers per landed table: its columns (for drift) and cursor position. */
export interface LandedTableState {
  /** The raw table it landed as in the organization's warehouse. */
  warehouseTable: string;
  columns: { name: string; type: string }[];
  /** Rows of the table as swapped in (absent for loads before it was recorded). */
  rows?: number;
  /** The cursor column and the largest value of it loaded so far (text), when incremental. */
  cursorColumn?: string;
  cursor?: string | null;
}

/**
 * Data sources (ADR 0018). `config` holds only non-secret fields; the secret ones (passwords,
 * API keys) are sealed together in `sealed_secrets` with the row's id as associated data
 * (docs/architecture.md §3.3), so the column never holds a credential in plain text.
 */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    type: text('type').$type<SourceType>().notNull(),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    sealedSecrets: text('sealed_secrets'),
    selectedTables: jsonb('selected_tables').$type<SelectedTable[]>().notNull().default([]),
    schedule: text('schedule').$type<SourceSchedule>().notNull().default('manual'),
    /** Per source table: the columns and cursor of its last successful load. */
    landed: jsonb('landed').$type<Record<string, LandedTableState>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('sources_org_id_idx').on(table.orgId)],
);

/**
 * One run of a source's sync. A running run beats `heartbeat_at`; one whose heartbeat
 * stopped (the process was killed) is failed by the recovery sweep, never left "running".
 */
export const sourceSyncs = pgTable(
  'source_syncs',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    status: text('status').$type<SyncStatus>().notNull().default('queued'),
    rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    tables: jsonb('tables').$type<SyncTableReport[]>().notNull().default([]),
    error: text('error'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('source_syncs_source_id_created_at_idx').on(table.sourceId, table.createdAt),
    index('source_syncs_status_idx').on(table.status),
    // One queued or running run per source, whatever the race between two requests (ADR 0018).
    uniqueIndex('source_syncs_one_active_idx')
      .on(table.sourceId)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);
