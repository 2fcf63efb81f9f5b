import { BASE_TABLES, type BaseTable } from '@revlane/contracts';
import type { Warehouse } from '../engine/warehouse.js';
import { allScratchTables, scratchTableNames } from './as-of-table-names.js';
import { dropScratchTables } from './drop-scratch-tables.js';
import { seriesDaysFor } from './series-days.js';
import { accountMetricsSeriesInsert, userMetricsSeriesInsert } from './series-metric-statements.js';
import { segmentSeriesInsert } from './series-segment-statements.js';
import {
  accountMetricsSeriesSchema,
  segmentSeriesSchema,
  userMetricsSeriesSchema,
} from './series-tables.js';

/** The canonical tables as loaded now: attributes are today's, as in a one-day as-of build. */
const CURRENT_SOURCES = { accounts: 'accounts', users: 'users', events: 'events' };

/**
 * Builds the wide segment tables as of EVERY given day in one pass (DESIGN §6 trends and
 * back-fills): scratch tables with one row per record and day, an `as_of_day` column (the
 * day's UTC start) and every catalogue column under its name, each day evaluated as of its
 * end exactly like the one-day build (loading/rebuild-metrics.ts) would. Runs `fn` with the
 * tables' names (SegmentQueryInput.sourceTable for compileSeriesQuery) and always drops
 * them, whether fn succeeds or throws.
 *
 * `days` are UTC day starts, ascending. Attributes (plan, status, names…) are today's,
 * because loads replace canonical tables without keeping history; the activity_30d
 * sparkline is NULL (it cannot be filtered on).
 */
export async function withAsOfSeriesTables<T>(
  warehouse: Warehouse,
  orgId: string,
  days: readonly number[],
  fn: (tables: Record<BaseTable, string>) => Promise<T>,
): Promise<T> {
  const seriesDays = seriesDaysFor(days);
  const names = scratchTableNames('series');
  const { dialect } = warehouse;
  try {
    const schemas = [
      userMetricsSeriesSchema(names.userMetrics),
      accountMetricsSeriesSchema(names.accountMetrics),
      ...BASE_TABLES.map((table) => segmentSeriesSchema(table, names.segments[table])),
    ];
    for (const schema of schemas) await warehouse.createTable(orgId, schema);
    const metricNames = { ...CURRENT_SOURCES, ...names };
    const segmentSources = {
      ...CURRENT_SOURCES,
      account_metrics: names.accountMetrics,
      user_metrics: names.userMetrics,
    };
    await warehouse.execute(orgId, [
      userMetricsSeriesInsert(dialect, orgId, metricNames, seriesDays),
      accountMetricsSeriesInsert(dialect, orgId, metricNames, seriesDays),
      ...BASE_TABLES.map((table) =>
        segmentSeriesInsert(dialect, orgId, table, names.segments[table], segmentSources),
      ),
    ]);
    return await fn(names.segments);
  } finally {
    await dropScratchTables(warehouse, orgId, allScratchTables(names));
  }
}
