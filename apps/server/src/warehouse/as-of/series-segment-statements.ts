import type { BaseTable } from '@revlane/contracts';
import { SOURCE_ALIASES, type SourceTable } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { AS_OF_DAY_COLUMN } from './series-tables.js';

/**
 * How each segment series is assembled, like the one-day segment tables
 * (metrics/segment-table-statements.ts) with the as-of day added to the metric joins: the
 * metric series drives (one row per record and day), attributes are today's.
 */
type SeriesSource = 'accounts' | 'users' | 'account_metrics' | 'user_metrics';

const FROM: Record<BaseTable, (ref: (source: SeriesSource) => string) => string> = {
  accounts: (ref) => `${ref('account_metrics')} JOIN ${ref('accounts')} ON a.id = am.account_id`,
  users: (ref) =>
    `${ref('user_metrics')} JOIN ${ref('users')} ON u.id = um.user_id ` +
    `LEFT JOIN ${ref('accounts')} ON a.id = u.account_id ` +
    `LEFT JOIN ${ref('account_metrics')} ON am.account_id = u.account_id AND am.as_of_day = um.as_of_day`,
};

const DAY_SOURCE: Record<BaseTable, SeriesSource> = {
  accounts: 'account_metrics',
  users: 'user_metrics',
};

/** Score columns (ADR 0034) are written by loads only: a series has no score source. */
const isScoreSource = (source: SourceTable) =>
  source === 'account_scores' || source === 'user_scores';

/**
 * `CREATE VIEW <series> AS SELECT …`: the as-of day, then every catalogue column under its
 * name, typed as its source column like the one-day segment tables; the sparkline is NULL
 * (see series-tables.ts), and so are score columns (ADR 0034), typed as the segment table
 * has them: a score is kept for past days only by cohort snapshots, so a cohort's back-filled
 * history on a score column starts with its first snapshot. A view, not a table: the users series has a row per user and day,
 * and writing all its columns cost more than every query of a trend or back-fill reads,
 * since those select the day, the id and the few columns their filters name.
 */
export function segmentSeriesView(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  target: string,
  sourceNames: Record<SeriesSource, string>,
  catalogue: OrgCatalogue,
): CompiledQuery {
  const columns = catalogue.columns(table);
  const ref = (source: SeriesSource) =>
    `${dialect.table(orgId, sourceNames[source])} ${SOURCE_ALIASES[source]}`;
  const select = columns.map((column) => {
    if (column.dataType === 'timeseries') return 'NULL';
    if (isScoreSource(column.source)) {
      const type = catalogue
        .sourceSchema(column.source)
        .columns.find((c) => c.name === column.sourceColumn)!.type;
      return `CAST(NULL AS ${dialect.columnType(type)})`;
    }
    return `${SOURCE_ALIASES[column.source]}.${quoteIdentifier(column.sourceColumn)}`;
  });
  const named = columns.map(
    (column, index) => `${select[index]} AS ${quoteIdentifier(column.name)}`,
  );
  const day = `${SOURCE_ALIASES[DAY_SOURCE[table]]}.${AS_OF_DAY_COLUMN}`;
  const sql = `CREATE VIEW ${dialect.table(orgId, target)} AS
  SELECT ${day} AS ${quoteIdentifier(AS_OF_DAY_COLUMN)}, ${named.join(', ')}
  FROM ${FROM[table](ref)}`;
  return { sql, params: [] };
}
