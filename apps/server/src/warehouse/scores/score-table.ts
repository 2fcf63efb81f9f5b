import { scoreColumnsOf, type BaseTable } from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { segmentRowsSelect, type SegmentSourceNames } from '../metrics/segment-table-statements.js';
import { eventAggregatesSelect, planScores, scoredSelect, utcDayStart } from './score-sql.js';

/**
 * `SELECT "id", "score_<slug>", "grade_<slug>", "reasons_<slug>", …`: every record of a base
 * table with the organization's scores of it as of `asOf` (ADR 0034), computed from the
 * sources the segment table is built from (its columns under their catalogue names, so fit
 * filters read them as a segment page does) and one pass over the events. The segment
 * table's insert joins it one-to-one (metrics/segment-table-statements.ts).
 */
export function scoreRowsSelect(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  sourceNames: SegmentSourceNames & { events: string },
  catalogue: OrgCatalogue,
  asOf: number,
): CompiledQuery {
  const p = new SqlParams();
  const plans = planScores(
    table,
    catalogue.scoresOf(table),
    catalogue,
    p,
    { day: utcDayStart(asOf) },
    false,
  );
  const id = catalogue.find(table, 'id')!;
  const read = [id, ...plans.columns.filter((column) => column.name !== 'id')];
  const rows = `(${segmentRowsSelect(dialect, orgId, table, sourceNames, read)}) s`;
  const events = eventAggregatesSelect(p, plans, dialect.table(orgId, sourceNames.events), asOf);
  const select = scoredSelect(
    p,
    plans,
    {
      dialect,
      from: events ? `${rows} LEFT JOIN (${events}) e ON e."id" = s."id"` : rows,
      hasEvents: events !== null,
      carried: [['s."id"', 'id']],
    },
    { reasons: true, detail: false },
  );
  const columns = plans.plans.flatMap((plan) => {
    const names = scoreColumnsOf(plan.definition.slug);
    return [
      [names.score, `${plan.prefix}score`],
      [names.grade, `${plan.prefix}grade`],
      [names.reasons, `${plan.prefix}reasons`],
    ];
  });
  const sql = `SELECT r."id" AS "id", ${columns
    .map(([name, from]) => `r.${quoteIdentifier(from!)} AS ${quoteIdentifier(name!)}`)
    .join(', ')}
  FROM (${select}) r`;
  return { sql, params: p.list() };
}
