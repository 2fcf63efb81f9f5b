import type { BaseTable } from '@revlane/contracts';
import type { Warehouse } from '../../engine/warehouse.js';
import { readCatalogue } from '../../loading/load-info.js';
import { buildMetricAndSegmentTables } from '../../loading/rebuild-metrics.js';
import { allScratchTables, scratchTableNames } from '../as-of-table-names.js';
import { dropScratchRelations } from '../drop-scratch-relations.js';

/** The canonical tables as loaded now; an as-of build reads them like a refresh does. */
const CURRENT_SOURCES = { accounts: 'accounts', users: 'users', events: 'events' };

/**
 * The reference the series tables are checked against: the load's own one-day build
 * (buildMetricAndSegmentTables) as of `asOf`, into scratch tables that `fn` reads and that
 * are always dropped afterwards. Tests only; the product evaluates past days as a series.
 */
export async function withOneDayAsOfTables<T>(
  warehouse: Warehouse,
  orgId: string,
  asOf: number,
  fn: (tables: Record<BaseTable, string>) => Promise<T>,
): Promise<T> {
  const names = scratchTableNames('asof');
  try {
    await buildMetricAndSegmentTables(
      warehouse,
      orgId,
      CURRENT_SOURCES,
      names,
      asOf,
      { withPrimaryKeys: false },
      await readCatalogue(warehouse, orgId),
    );
    return await fn(names.segments);
  } finally {
    await dropScratchRelations(warehouse, orgId, { tables: allScratchTables(names) });
  }
}
