import type { BaseTable } from '@revlane/contracts';
import type { TableSchema } from '../engine/table-schema.js';
import { EVENTS_TABLE } from './canonical-tables.js';

/**
 * A record's timeline reads one copy of `events` per base table, rebuilt with each load of
 * events and swapped in with it (docs/architecture.md §6, record pages). Each copy is stored
 * in the order of `record_key`, a hash of the record's id, so DuckDB's per-row-group min/max
 * (which keep only the first 8 bytes of a text: `acc_0000…` or a Salesforce `001Dn000…` prefix
 * would span most of the table) skip every row group but the record's own; on PostgreSQL
 * each copy gets an index on the id and the time (`postgres-read-indexes.ts`). A page of 50
 * events then reads one row group instead of scanning 20M events.
 */
export interface RecordTimelineTable {
  name: string;
  /** The events column naming the record. */
  key: 'account_id' | 'user_id';
}

export const RECORD_TIMELINE_TABLES: Record<BaseTable, RecordTimelineTable> = {
  accounts: { name: 'events_by_account', key: 'account_id' },
  users: { name: 'events_by_user', key: 'user_id' },
};

export const TIMELINE_KEY_COLUMN = 'record_key';

/**
 * The sort key of a record id (a column or a bound placeholder), the same function on both
 * engines: 16 hex digits of its MD5, so the first 8 bytes a DuckDB zone map keeps separate
 * ids well. Readers filter on it AND on the id itself: two ids sharing a key stay apart.
 */
export function timelineKeyExpression(expression: string): string {
  return `left(md5(CAST(${expression} AS TEXT)), 16)`;
}

export function timelineTableSchema(table: BaseTable): TableSchema {
  return {
    name: RECORD_TIMELINE_TABLES[table].name,
    columns: [{ name: TIMELINE_KEY_COLUMN, type: 'text' }, ...EVENTS_TABLE.columns],
  };
}

export const TIMELINE_TABLE_NAMES = Object.values(RECORD_TIMELINE_TABLES).map((t) => t.name);
