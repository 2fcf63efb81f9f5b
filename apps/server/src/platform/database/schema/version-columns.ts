import type { FilterItem } from '@revlane/contracts';
import { integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn, users } from './core.js';

/**
 * The columns every definition history shares (a cohort's, a segment's): its number, who
 * changed it and when, and the name and filters before and after. `previous*` are null on a
 * first version that records a creation.
 */
export function definitionVersionColumns() {
  return {
    version: integer('version').notNull(),
    orgId: orgIdColumn(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    previousName: text('previous_name'),
    name: text('name').notNull(),
    previousFilters: jsonb('previous_filters').$type<FilterItem[]>(),
    filters: jsonb('filters').$type<FilterItem[]>().notNull(),
  };
}
