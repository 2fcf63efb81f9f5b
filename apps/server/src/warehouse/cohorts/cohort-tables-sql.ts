import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import {
  COHORT_CHANGES_TABLE,
  COHORT_COUNTS_TABLE,
  COHORT_MEMBERS_TABLE,
} from '../model/cohort-tables.js';

/** The organization's snapshot tables, qualified for its database or schema. */
export function cohortTableNames(dialect: Dialect, orgId: string) {
  return {
    members: dialect.table(orgId, COHORT_MEMBERS_TABLE.name),
    changes: dialect.table(orgId, COHORT_CHANGES_TABLE.name),
    counts: dialect.table(orgId, COHORT_COUNTS_TABLE.name),
  };
}

export type CohortTableNames = ReturnType<typeof cohortTableNames>;

/**
 * Builds one statement with its own `$n` list. `embedded` is a compiled query whose text the
 * statement contains: its values go first so its `$1…$k` keep meaning what they meant, and
 * the statement's own values continue at `$k+1`.
 */
export function statementWith(
  embedded: CompiledQuery | null,
  build: (params: SqlParams) => string,
): CompiledQuery {
  const params = new SqlParams();
  for (const value of embedded?.params ?? []) params.add(value);
  const sql = build(params);
  return { sql, params: params.list() };
}

export const asTimestamp = (placeholder: string) => `CAST(${placeholder} AS TIMESTAMP)`;
