import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders every metadata table repeats, written once so the tables cannot drift apart
 * (a timestamp without its time zone, an `updated_at` that is not refreshed). Each call returns
 * a new builder: drizzle columns cannot be shared between tables.
 */
export function idColumn() {
  return uuid('id').primaryKey().defaultRandom();
}

export function createdAtColumn() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** Set on insert and refreshed by every update made through drizzle. */
export function updatedAtColumn() {
  return timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);
}
