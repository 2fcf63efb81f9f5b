import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './core.js';

/**
 * Segment metadata of the live-operations service (DESIGN §5.4, §6). The rows a segment
 * shows live in the organization's warehouse; this table only names and orders them.
 */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    baseTable: text('base_table', { enum: ['accounts', 'users'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** Menu order; ties fall back to the name. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  // Also the index every org-scoped listing uses (its leading column is org_id).
  (table) => [uniqueIndex('segments_org_id_name_key').on(table.orgId, table.name)],
);
