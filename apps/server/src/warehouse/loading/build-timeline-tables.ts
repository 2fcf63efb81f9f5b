import { BASE_TABLES } from '@revlane/contracts';
import { quoteIdentifier } from '../engine/identifiers.js';
import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { EVENTS_TABLE } from '../model/canonical-tables.js';
import {
  RECORD_TIMELINE_TABLES,
  TIMELINE_KEY_COLUMN,
  TIMELINE_TABLE_NAMES,
  timelineKeyExpression,
  timelineTableSchema,
} from '../model/timeline-tables.js';

/**
 * Builds the `__next` copies of `events` a record's timeline reads (model/timeline-tables.ts)
 * from `events` (the source's name: `events__next` during a load) and answers their names,
 * for the caller to swap in with the rest of the load. Copying and sorting 20M events costs
 * about as much as the metrics, so they are built only when events were loaded, or when the
 * organization does not have them yet (a warehouse loaded before they existed gets them at
 * its next daily refresh); otherwise nothing is built and the live copies stay.
 */
export async function buildTimelineTables(
  warehouse: Warehouse,
  orgId: string,
  events: string,
): Promise<string[]> {
  if (events === EVENTS_TABLE.name && (await hasTimelineTables(warehouse, orgId))) return [];
  const { dialect } = warehouse;
  const columns = EVENTS_TABLE.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  for (const table of BASE_TABLES) {
    const schema = timelineTableSchema(table);
    const target = nextTableName(schema.name);
    await warehouse.createTable(orgId, { ...schema, name: target });
    const key = quoteIdentifier(RECORD_TIMELINE_TABLES[table].key);
    // Insertion order is storage order in DuckDB: rows of one record sit together.
    await warehouse.execute(orgId, [
      {
        sql: `INSERT INTO ${dialect.table(orgId, target)} (${quoteIdentifier(TIMELINE_KEY_COLUMN)}, ${columns})
          SELECT ${timelineKeyExpression(key)}, ${columns} FROM ${dialect.table(orgId, events)}
          ORDER BY 1`,
        params: [],
      },
    ]);
  }
  return TIMELINE_TABLE_NAMES;
}

async function hasTimelineTables(warehouse: Warehouse, orgId: string): Promise<boolean> {
  for (const name of TIMELINE_TABLE_NAMES)
    if (!(await warehouse.hasTable(orgId, name))) return false;
  return true;
}
