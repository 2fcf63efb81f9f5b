import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted per rate-limit key and window, shared by every web process on one
 * PostgreSQL database (docs/decisions/0035-several-processes-on-postgresql.md). A row is
 * the key's current fixed window; an expired row restarts at the next request.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * The next free send slot per paced lane (a Slack channel, a provider's API for an
 * organization): a sender reserves `greatest(next_at, now())` and moves `next_at` on by the
 * lane's spacing, so two workers never double a provider's rate (ADR 0035).
 */
export const pacingSlots = pgTable('pacing_slots', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});
