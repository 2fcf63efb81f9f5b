import type { TableSchema } from '../engine/table-schema.js';

/** Days in the activity sparkline (`activity_30d`), oldest first, the as-of day last. */
export const ACTIVITY_DAYS = 30;

/**
 * Per-load metric tables (docs/architecture.md §5.2 computed columns): rebuilt from `events` after each
 * load and swapped in with it, so segment pages read one row per record instead of
 * rescanning events.
 */
export const ACCOUNT_METRICS_TABLE = {
  name: 'account_metrics',
  primaryKey: 'account_id',
  columns: [
    { name: 'account_id', type: 'text' },
    { name: 'active_users_1d', type: 'integer' },
    { name: 'active_users_7d', type: 'integer' },
    { name: 'active_users_30d', type: 'integer' },
    { name: 'events_7d', type: 'integer' },
    { name: 'events_30d', type: 'integer' },
    { name: 'last_seen_at', type: 'timestamp' },
    { name: 'seats_used', type: 'integer' },
    { name: 'activity_30d', type: 'integer_list' },
  ],
} as const satisfies TableSchema;

export const USER_METRICS_TABLE = {
  name: 'user_metrics',
  primaryKey: 'user_id',
  columns: [
    { name: 'user_id', type: 'text' },
    { name: 'account_id', type: 'text' },
    { name: 'events_1d', type: 'integer' },
    { name: 'events_7d', type: 'integer' },
    { name: 'events_30d', type: 'integer' },
    { name: 'last_seen_at', type: 'timestamp' },
    { name: 'active_days_30d', type: 'integer' },
  ],
} as const satisfies TableSchema;

export const METRIC_TABLES = [USER_METRICS_TABLE, ACCOUNT_METRICS_TABLE] as const;
