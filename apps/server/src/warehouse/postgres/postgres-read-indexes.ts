import { BASE_TABLES } from '@revlane/contracts';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { TableColumn } from '../engine/table-schema.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { RECORD_TIMELINE_TABLES } from '../model/timeline-tables.js';
import { postgresDialect } from './postgres-dialect.js';

/** Two values, or a list: an index would neither narrow nor order anything worth it. */
const UNINDEXED = new Set(['boolean', 'integer_list', 'text_list', 'bigint_list', 'json']);
/** PostgreSQL's identifier limit: a longer index name would be cut (and could collide). */
const MAX_IDENTIFIER = 63;

const isSegmentTable = (name: string) =>
  BASE_TABLES.some((base) => SEGMENT_TABLE_NAMES[base] === name);

/**
 * The leading key of a column's index, in the order a segment page asks for (the compiler's
 * `orderTerm`): text byte-wise ascending, numbers and dates descending ("top by MRR", "last
 * seen"), blanks last. PostgreSQL walks an index for an ORDER BY only when collation and
 * NULLS placement match exactly, so the index spells them out.
 */
function leadingKey(column: TableColumn): string {
  const name = quoteIdentifier(column.name);
  return column.type === 'text' ? `${name} COLLATE "C"` : `${name} DESC NULLS LAST`;
}

/** `<table>_<column>_order`, or by position when a long custom column name would not fit. */
function indexName(built: string, column: TableColumn, position: number): string {
  const named = `${built}_${column.name}_order`;
  return named.length <= MAX_IDENTIFIER ? named : `${built}_c${position}_order`;
}

/**
 * Indexes a wide segment table gets before it goes live: one per sortable column, with the
 * id as the tie-break the compiler always adds, so a sorted page (or a filtered one the
 * planner prefers to walk in order) reads ~50 index entries instead of sorting the table
 * (a 2M-row users page: ~1.2 s → ~1 ms). `built` is the table's name while it is built;
 * `columns` are its columns as built, so an organization's custom columns (ADR 0026) get
 * their indexes too. A record timeline's copy of events gets its own (below); no other
 * table gets any.
 */
export function readIndexStatements(
  orgId: string,
  name: string,
  built: string,
  columns: readonly TableColumn[],
): string[] {
  const timeline = Object.values(RECORD_TIMELINE_TABLES).find((table) => table.name === name);
  if (timeline) return [timelineIndexStatement(orgId, built, timeline.key)];
  if (!isSegmentTable(name)) return [];
  return columns.flatMap((column, position) => {
    if (UNINDEXED.has(column.type)) return [];
    const keys = [leadingKey(column)];
    if (column.name !== 'id') keys.push(`"id" COLLATE "C"`);
    const index = quoteIdentifier(indexName(built, column, position));
    return [`CREATE INDEX ${index} ON ${postgresDialect.table(orgId, built)} (${keys.join(', ')})`];
  });
}

/**
 * A record timeline's copy of events (model/timeline-tables.ts): one index on the record's id
 * (the default collation, as the reader's `=` compares) and the time, newest first, so a page
 * of a record's events reads its ~50 index entries and no other record's rows.
 */
function timelineIndexStatement(orgId: string, built: string, key: string): string {
  const index = quoteIdentifier(`${built}_timeline`);
  return `CREATE INDEX ${index} ON ${postgresDialect.table(orgId, built)} (${quoteIdentifier(key)}, "occurred_at" DESC)`;
}
