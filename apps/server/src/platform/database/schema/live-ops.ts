import type { FilterItem, GroupAggregate } from '@revlane/contracts';
import {
  boolean,
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
import { definitionVersionColumns } from './version-columns.js';

/** A segment's default sort: a catalogue column and its direction. */
export interface SegmentSortSetting {
  field: string;
  isDescending: boolean;
}

export interface SegmentGroupingSetting {
  pivot: string | null;
  pivotIdentifier: string | null;
  /** The aggregate chosen per numeric column; absent: each column's default. */
  aggregates?: Record<string, GroupAggregate>;
}

/**
 * Segment metadata of the live-operations service (docs/architecture.md §5.4, §6). The rows a segment
 * shows live in the organization's warehouse; this table names, orders and configures them.
 * `columns`, `grouping` and `sorting` are null until set: null means the base table's
 * defaults (services/live-ops/segments/segment-defaults.ts), so a new catalogue version
 * reaches every segment nobody customised.
 */
export const segments = pgTable(
  'segments',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    baseTable: text('base_table', { enum: ['accounts', 'users'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * The base filter set: the segment's own definition (docs/architecture.md §5.4), AND-ed
     * into every query of the segment. Empty: every record of the base table.
     */
    filters: jsonb('filters').$type<FilterItem[]>().notNull().default([]),
    columns: jsonb('columns').$type<string[]>(),
    grouping: jsonb('grouping').$type<SegmentGroupingSetting>(),
    sorting: jsonb('sorting').$type<SegmentSortSetting[]>(),
    /** Menu order; ties fall back to the name. */
    position: integer('position').notNull().default(0),
    /**
     * Which seeded segment this is (a demo segment's stable key), null for the customer's own:
     * seeding finds its rows by key, never by name, so a renamed demo segment is not seeded
     * again.
     */
    seedKey: text('seed_key'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  // Also the index every org-scoped listing uses (its leading column is org_id).
  (table) => [
    uniqueIndex('segments_org_id_name_key').on(table.orgId, table.name),
    uniqueIndex('segments_org_id_seed_key_key').on(table.orgId, table.seedKey),
  ],
);

/**
 * Every version of a segment's definition (name, base filters), written like a cohort's
 * (cohort_versions): who, when, before and after. Written on every change of the name or
 * the base filters; version 1 is the first such change (its `previous*` hold the seeded or
 * created definition).
 */
export const segmentVersions = pgTable(
  'segment_versions',
  {
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    ...definitionVersionColumns(),
  },
  (table) => [primaryKey({ columns: [table.segmentId, table.version] })],
);

/**
 * Export tickets (docs/architecture.md §4.5): single-use, short-lived credentials of an export URL. Only
 * the SHA-256 of the ticket is stored, so a database read does not yield usable tickets;
 * kept in the database (not memory) so they survive a restart and work across processes.
 */
export const exportTickets = pgTable(
  'export_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /** The list query the export is for, in canonical form (export-query.ts). */
    query: text('query').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('export_tickets_expires_at_idx').on(table.expiresAt)],
);
