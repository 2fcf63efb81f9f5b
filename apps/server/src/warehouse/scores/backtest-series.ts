import { randomBytes } from 'node:crypto';
import type { BaseTable } from '@revlane/contracts';
import { dropScratchRelations } from '../as-of/drop-scratch-relations.js';
import { AS_OF_DAY_COLUMN } from '../as-of/series-tables.js';
import { withAsOfSeriesTables } from '../as-of/with-as-of-series-tables.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { resolveFilters } from '../compiler/resolve-filters.js';
import { IssueList } from '../compiler/segment-query-error.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { Warehouse } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { readCatalogue } from '../loading/load-info.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';

/** Columns loads store as they are (attributes): the same on every past day of a series. */
const isAttribute = (source: string) => source === 'accounts' || source === 'users';

/**
 * Whether every filter of the lists reads attributes only (plan, seats, custom attributes…),
 * no metric: then a series needs no metric history. Filters that do not resolve are left to
 * their readers (a score's stale fit rule matches nothing; an outcome's fails to compile).
 */
export function readsAttributesOnly(
  catalogue: OrgCatalogue,
  table: BaseTable,
  filterLists: readonly (readonly unknown[])[],
): boolean {
  return filterLists.every((filters) =>
    resolveFilters(catalogue, table, filters, new IssueList()).every((condition) =>
      'match' in condition
        ? condition.filters.every((filter) => isAttribute(filter.column.source))
        : isAttribute(condition.column.source),
    ),
  );
}

/**
 * `CREATE VIEW`: the base table's segment table on each of the days (`as_of_day`, then every
 * catalogue column under its name). Attributes are today's in every series
 * (as-of/withAsOfSeriesTables), so they are the segment table's; every other column is
 * NULL, typed as its source, and only used when no filter reads one (readsAttributesOnly).
 */
function attributeSeriesView(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  target: string,
  catalogue: OrgCatalogue,
  days: { first: number; last: number },
): string {
  const columns = catalogue.columns(table).map((column) => {
    const name = quoteIdentifier(column.name);
    if (isAttribute(column.source) && column.dataType !== 'timeseries') return `s.${name}`;
    const type = catalogue
      .sourceSchema(column.source)
      .columns.find((c) => c.name === column.sourceColumn)?.type;
    return `CAST(NULL AS ${type ? dialect.columnType(type) : 'TEXT'}) AS ${name}`;
  });
  // Literals, not placeholders: a view's text is stored. Both are timestamps made in code.
  const at = (millis: number) => `CAST('${timestampLiteral(millis)}' AS TIMESTAMP)`;
  return `CREATE VIEW ${dialect.table(orgId, target)} AS
  SELECT CAST(d.day AS TIMESTAMP) AS ${quoteIdentifier(AS_OF_DAY_COLUMN)}, ${columns.join(', ')}
  FROM ${dialect.table(orgId, SEGMENT_TABLE_NAMES[table])} s
  CROSS JOIN generate_series(${at(days.first)}, ${at(days.last)}, INTERVAL '1 day') AS d(day)`;
}

/**
 * Runs `fn` with a series view of the base table over `days` (UTC day starts, consecutive,
 * ascending) and the catalogue it was made with, and always drops it. When the filters the
 * back-test evaluates on it (the score's fit rules, the outcome's) read attributes only, the
 * view is the segment table repeated per day, made in no time; otherwise it is the full as-of
 * series (withAsOfSeriesTables), which computes every metric as of every day.
 */
export async function withBacktestSeries<T>(
  warehouse: Warehouse,
  orgId: string,
  table: BaseTable,
  days: readonly number[],
  filterLists: readonly (readonly unknown[])[],
  fn: (view: string, catalogue: OrgCatalogue) => Promise<T>,
): Promise<T> {
  const catalogue = await readCatalogue(warehouse, orgId);
  if (!readsAttributesOnly(catalogue, table, filterLists))
    return withAsOfSeriesTables(warehouse, orgId, days, [table], (series, seriesCatalogue) =>
      fn(series[table], seriesCatalogue),
    );
  const view = `${SEGMENT_TABLE_NAMES[table]}__backtest_${randomBytes(8).toString('hex')}`;
  const range = { first: days[0]!, last: days.at(-1)! };
  try {
    await warehouse.execute(orgId, [
      {
        sql: attributeSeriesView(warehouse.dialect, orgId, table, view, catalogue, range),
        params: [],
      },
    ]);
    return await fn(view, catalogue);
  } finally {
    await dropScratchRelations(warehouse, orgId, { views: [view], tables: [] });
  }
}
