import type { BaseTable } from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Warehouse } from '../engine/warehouse.js';
import { readCatalogue } from '../loading/load-info.js';
import { ACCOUNT_METRIC_ENTITY, USER_METRIC_ENTITY } from '../metrics/metric-entities.js';
import { scratchTableNames } from './as-of-table-names.js';
import { dropScratchRelations } from './drop-scratch-relations.js';
import { seriesDaysFor } from './series-days.js';
import { metricsSeriesInsert } from './series-metric-statements.js';
import { segmentSeriesView } from './series-segment-statements.js';
import { accountMetricsSeriesSchema, userMetricsSeriesSchema } from './series-tables.js';

/** The canonical tables as loaded now: attributes are today's, as in a one-day as-of build. */
const CURRENT_SOURCES = { accounts: 'accounts', users: 'users', events: 'events' };

/**
 * Makes the wide segment tables of `tables` as of EVERY given day in one pass (docs/architecture.md §6
 * trends and back-fills): scratch metric tables and, over them, segment views with one row
 * per record and day, an `as_of_day` column (the day's UTC start) and every catalogue column
 * under its name, each day evaluated as of its end exactly like the one-day build
 * (loading/rebuild-metrics.ts) would. Runs `fn` with the views' names
 * (SegmentQueryInput.sourceTable for compileSeriesQuery) and the organization's catalogue
 * they were built with (SegmentQueryInput.catalogue), and always drops everything,
 * whether fn succeeds or throws.
 *
 * Only the segment series of `tables` are made: an accounts trend or back-fill never reads
 * the users one. Both metric series are always built, because each segment series reads both.
 *
 * `days` are UTC day starts, ascending. Attributes (plan, status, names…) are today's,
 * because loads replace canonical tables without keeping history; sparklines
 * (activity_30d) are NULL (they cannot be filtered on).
 */
export async function withAsOfSeriesTables<Table extends BaseTable, T>(
  warehouse: Warehouse,
  orgId: string,
  days: readonly number[],
  tables: readonly Table[],
  fn: (tables: Record<Table, string>, catalogue: OrgCatalogue) => Promise<T>,
): Promise<T> {
  const seriesDays = seriesDaysFor(days);
  const names = scratchTableNames('series');
  const built = [...new Set(tables)];
  const { dialect } = warehouse;
  // The catalogue of the canonical tables read now: custom attributes are series columns too.
  const catalogue = await readCatalogue(warehouse, orgId);
  try {
    await warehouse.createTable(orgId, userMetricsSeriesSchema(names.userMetrics));
    await warehouse.createTable(orgId, accountMetricsSeriesSchema(names.accountMetrics));
    const metricNames = { ...CURRENT_SOURCES, ...names };
    const segmentSources = {
      ...CURRENT_SOURCES,
      account_metrics: names.accountMetrics,
      user_metrics: names.userMetrics,
    };
    await warehouse.execute(orgId, [
      metricsSeriesInsert(dialect, orgId, metricNames, seriesDays, USER_METRIC_ENTITY),
      metricsSeriesInsert(dialect, orgId, metricNames, seriesDays, ACCOUNT_METRIC_ENTITY),
      ...built.map((table) =>
        segmentSeriesView(dialect, orgId, table, names.segments[table], segmentSources, catalogue),
      ),
    ]);
    const segments = Object.fromEntries(built.map((table) => [table, names.segments[table]]));
    return await fn(segments as Record<Table, string>, catalogue);
  } finally {
    await dropScratchRelations(warehouse, orgId, {
      views: built.map((table) => names.segments[table]),
      tables: [names.userMetrics, names.accountMetrics],
    });
  }
}
