import type { BaseTable } from '@revlane/contracts';
import {
  SOURCE_ALIASES,
  type CatalogueColumn,
  type SourceTable,
} from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { SCORE_SOURCES } from '../model/score-tables.js';

interface Join {
  source: SourceTable;
  on: string;
}

/**
 * How each base table's wide segment table is assembled: the base rows and one-to-one
 * joins on unique keys (a join never changes the row count; a user whose account is missing
 * keeps blank account columns). The score table (ADR 0034) is joined only when the
 * organization scores the table.
 */
const SOURCES: Record<BaseTable, { base: SourceTable; joins: Join[] }> = {
  accounts: {
    base: 'accounts',
    joins: [
      { source: 'account_metrics', on: 'am.account_id = a.id' },
      { source: 'account_scores', on: 'acs.id = a.id' },
    ],
  },
  users: {
    base: 'users',
    joins: [
      { source: 'user_metrics', on: 'um.user_id = u.id' },
      { source: 'accounts', on: 'a.id = u.account_id' },
      { source: 'account_metrics', on: 'am.account_id = u.account_id' },
      { source: 'user_scores', on: 'ucs.id = u.id' },
    ],
  },
};

/** The names to read each source from; score sources only while a build has them. */
export type SegmentSourceNames = Record<
  Exclude<SourceTable, 'account_scores' | 'user_scores'>,
  string
> &
  Partial<Record<SourceTable, string>>;

/**
 * `SELECT <column> AS "<name>", … FROM <base> LEFT JOIN …`: a segment table's rows with the
 * given catalogue columns under their names, joining only the sources those columns read
 * (every join is one-to-one, so leaving one out never changes the rows). `relations`: a
 * source read from a subquery rather than a table (a build's scores).
 */
export function segmentRowsSelect(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  sourceNames: SegmentSourceNames,
  columns: readonly CatalogueColumn[],
  relations: Partial<Record<SourceTable, string>> = {},
): string {
  const { base, joins } = SOURCES[table];
  const reference = (source: SourceTable) => {
    const relation = relations[source];
    if (relation) return `(${relation}) ${SOURCE_ALIASES[source]}`;
    const name = sourceNames[source];
    if (!name) throw new Error(`No table to read ${source} from`);
    return `${dialect.table(orgId, name)} ${SOURCE_ALIASES[source]}`;
  };
  const used = new Set(columns.map((column) => column.source));
  const select = columns.map(
    (column) =>
      `${SOURCE_ALIASES[column.source]}.${quoteIdentifier(column.sourceColumn)} AS ${quoteIdentifier(column.name)}`,
  );
  const joined = joins
    .filter((join) => used.has(join.source))
    .map((join) => `LEFT JOIN ${reference(join.source)} ON ${join.on}`);
  return `SELECT ${select.join(', ')}
  FROM ${reference(base)} ${joined.join(' ')}`;
}

/**
 * `INSERT INTO <target> SELECT …` filling a segment table from the given source tables
 * (the `__next` ones during a load), one column per entry of the organization's catalogue.
 * `scores`: the table's scores (scores/score-table.ts), when the catalogue has any, joined
 * as their source (computed in the same statement: writing them to a table of their own
 * first cost more than computing them).
 */
export function segmentTableInsert(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  target: string,
  sourceNames: SegmentSourceNames,
  catalogue: OrgCatalogue,
  scores?: CompiledQuery,
): CompiledQuery {
  const columns = catalogue.columns(table);
  const relations = scores ? { [SCORE_SOURCES[table]]: scores.sql } : {};
  const sql = `INSERT INTO ${dialect.table(orgId, target)}
    (${columns.map((column) => quoteIdentifier(column.name)).join(', ')})
  ${segmentRowsSelect(dialect, orgId, table, sourceNames, columns, relations)}`;
  // The insert's own text has no placeholders: the scores' are the statement's.
  return { sql, params: scores?.params ?? [] };
}
