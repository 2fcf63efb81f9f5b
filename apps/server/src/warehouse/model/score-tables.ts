import type { BaseTable } from '@revlane/contracts';
import type { TableSchema } from '../engine/table-schema.js';

/**
 * The organization's score definitions (ADR 0034), kept in its warehouse beside the data they
 * score, so every load and refresh builds the score columns from the definitions in force
 * then. Written whole by the live-ops service on every change; never swapped by a load.
 * `definition` is the JSON text of the whole ScoreDefinition.
 */
export const SCORE_DEFINITIONS_TABLE = {
  name: 'score_definitions',
  columns: [
    { name: 'id', type: 'text' },
    { name: 'slug', type: 'text' },
    { name: 'base_table', type: 'text' },
    { name: 'definition', type: 'text' },
  ],
} as const satisfies TableSchema;

/**
 * The source of a base table's score columns in its segment table: one row per record,
 * computed by the segment insert of a build (scores/score-table.ts), never stored apart.
 */
export const SCORE_SOURCES = {
  accounts: 'account_scores',
  users: 'user_scores',
} as const satisfies Record<BaseTable, string>;

export type ScoreSource = (typeof SCORE_SOURCES)[BaseTable];
