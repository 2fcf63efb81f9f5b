import type { BaseTable } from '@revlane/contracts';
import type { Warehouse } from '../engine/warehouse.js';
import { buildMetricAndSegmentTables } from '../loading/rebuild-metrics.js';
import { allAsOfTables, asOfTableNames } from './as-of-table-names.js';

/** The canonical tables as loaded now; an as-of build reads them like a refresh does. */
const CURRENT_SOURCES = { accounts: 'accounts', users: 'users', events: 'events' };

async function dropTables(warehouse: Warehouse, orgId: string, names: readonly string[]) {
  await warehouse.execute(
    orgId,
    names.map((name) => ({
      sql: `DROP TABLE IF EXISTS ${warehouse.dialect.table(orgId, name)}`,
      params: [],
    })),
  );
}

/**
 * Builds the metric tables and the wide segment tables as they were at `asOf` into scratch
 * tables, runs `fn` with the segment tables' names (for SegmentQueryInput.sourceTable) and
 * always drops them again, whether fn succeeds or throws.
 *
 * Only the event-derived columns travel back in time: metric windows end with asOf's day and
 * events after it are ignored. Attributes (plan, status, names…) are today's, because loads
 * replace canonical tables without keeping history.
 */
export async function withAsOfSegmentTables<T>(
  warehouse: Warehouse,
  orgId: string,
  asOf: number,
  fn: (tables: Record<BaseTable, string>) => Promise<T>,
): Promise<T> {
  const names = asOfTableNames();
  try {
    await buildMetricAndSegmentTables(warehouse, orgId, CURRENT_SOURCES, names, asOf, {
      withPrimaryKeys: false,
    });
    return await fn(names.segments);
  } finally {
    await dropTables(warehouse, orgId, allAsOfTables(names));
  }
}
