import type { BaseTable, RecordEvent } from '@revlane/contracts';
import {
  EVENTS_TABLE,
  RECORD_TIMELINE_TABLES,
  SqlParams,
  TIMELINE_KEY_COLUMN,
  quoteIdentifier,
  timelineKeyExpression,
  type Warehouse,
  type WarehouseRow,
} from '../../../warehouse/index.js';

/**
 * Where a record's events are read: its timeline copy of `events`, stored in the order of a
 * hash of the record's id (warehouse/model/timeline-tables.ts), so a page reads the record's
 * own row groups (DuckDB) or index entries (PostgreSQL). A warehouse loaded before those
 * copies existed reads `events` itself until its next load or daily refresh builds them.
 */
export interface TimelineSource {
  table: string;
  keyed: boolean;
}

/** Whether the copies exist, per organization and load: they come and go only with a load. */
const known = new Map<string, boolean>();
const KNOWN_MAX = 1_000;

export async function timelineSource(
  engine: Warehouse,
  orgId: string,
  loadId: string,
  table: BaseTable,
): Promise<TimelineSource> {
  const copy = RECORD_TIMELINE_TABLES[table].name;
  const cacheKey = `${orgId}:${loadId}:${copy}`;
  let keyed = known.get(cacheKey);
  if (keyed === undefined) {
    keyed = await engine.hasTable(orgId, copy);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(cacheKey, keyed);
  }
  return keyed ? { table: copy, keyed } : { table: EVENTS_TABLE.name, keyed };
}

/** `WHERE` of one record's events: its key (so storage order prunes), then its id itself. */
function recordCondition(table: BaseTable, source: TimelineSource, id: string, p: SqlParams) {
  const placeholder = p.add(id);
  const own = `${quoteIdentifier(RECORD_TIMELINE_TABLES[table].key)} = ${placeholder}`;
  if (!source.keyed) return own;
  return `${quoteIdentifier(TIMELINE_KEY_COLUMN)} = ${timelineKeyExpression(placeholder)} AND ${own}`;
}

/**
 * A page of a record's events, newest first; ties broken by user, name and properties, so
 * pages never overlap or skip an event (two events equal in all of them are the same line).
 * `limit` is one more than the page when the caller wants to know whether more follow.
 */
export async function readTimelinePage(
  engine: Warehouse,
  orgId: string,
  source: TimelineSource,
  table: BaseTable,
  id: string,
  offset: number,
  limit: number,
): Promise<RecordEvent[]> {
  const { dialect } = engine;
  const p = new SqlParams();
  const where = recordCondition(table, source, id, p);
  const order = [
    `"occurred_at" DESC NULLS LAST`,
    `${dialect.binaryCollation('"user_id"')} ASC NULLS LAST`,
    `${dialect.binaryCollation('"name"')} ASC NULLS LAST`,
    `${dialect.binaryCollation('CAST("properties" AS TEXT)')} ASC NULLS LAST`,
  ];
  const rows = await engine.query(orgId, {
    sql:
      `SELECT "user_id", "account_id", "name", "occurred_at", "properties" ` +
      `FROM ${dialect.table(orgId, source.table)} WHERE ${where} ` +
      `ORDER BY ${order.join(', ')} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
    params: p.list(),
  });
  return rows.map(toRecordEvent);
}

function toRecordEvent(row: WarehouseRow): RecordEvent {
  return {
    userId: row.user_id as string,
    accountId: (row.account_id as string | null) ?? null,
    name: row.name as string,
    occurredAt: row.occurred_at as string,
    properties: row.properties ?? null,
  };
}

/** A record's events per UTC day from the day `from` up to, not including, `until` (`YYYY-MM-DD`). */
export async function readDailyCounts(
  engine: Warehouse,
  orgId: string,
  source: TimelineSource,
  table: BaseTable,
  id: string,
  { from, until }: { from: string; until: string },
): Promise<Map<string, number>> {
  const p = new SqlParams();
  const where = recordCondition(table, source, id, p);
  const day = `CAST("occurred_at" AS DATE)`;
  const rows = await engine.query(orgId, {
    sql:
      `SELECT ${day} AS "day", COUNT(*) AS "events" ` +
      `FROM ${engine.dialect.table(orgId, source.table)} WHERE ${where} ` +
      `AND "occurred_at" >= CAST(${p.add(`${from} 00:00:00`)} AS TIMESTAMP) ` +
      `AND "occurred_at" < CAST(${p.add(`${until} 00:00:00`)} AS TIMESTAMP) GROUP BY ${day}`,
    params: p.list(),
  });
  // A DATE reads as `YYYY-MM-DD` on both engines (value-conversion).
  return new Map(rows.map((row) => [row.day as string, Number(row.events)]));
}
