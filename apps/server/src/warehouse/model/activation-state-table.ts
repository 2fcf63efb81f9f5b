import type { TableSchema } from '../engine/table-schema.js';

/**
 * What each activation last sent to its destination, per record (ADR 0033): one row per
 * activation and match key, kept in the organization's warehouse next to the cohort members
 * so a run's change set is one join there. History like the cohort tables: created on
 * demand, never rebuilt by loads.
 * - `values_hash`: md5 of the mapped values as last sent; NULL while the key never reached
 *   the destination (its next run sends it as added again);
 * - `sent_values`: those values as a JSON object, field → text or null;
 * - `status`: 'succeeded', or 'failed' when the last attempt was refused (sent again).
 */
export const ACTIVATION_STATE_TABLE = {
  name: 'activation_state',
  columns: [
    { name: 'activation_id', type: 'text' },
    { name: 'record_key', type: 'text' },
    { name: 'values_hash', type: 'text' },
    { name: 'sent_values', type: 'text' },
    { name: 'destination_id', type: 'text' },
    { name: 'status', type: 'text' },
    { name: 'updated_at', type: 'timestamp' },
  ],
} as const satisfies TableSchema;

/** The state's key: PostgreSQL indexes it (DuckDB scans and hash-joins without one). */
export const ACTIVATION_STATE_KEY = ['activation_id', 'record_key'] as const;
