import type { BaseTable, FieldError, UpdateSegmentBody } from '@revlane/contracts';
import {
  aggregateChoiceIssues,
  compileSegmentQuery,
  isSegmentQueryError,
  type Dialect,
  type OrgCatalogue,
  type QueryIssue,
} from '../../../warehouse/index.js';

/** Compiler issue paths → the PATCH body's fields. */
function bodyPath(issue: QueryIssue): string {
  const sort = /^sortBy\[(\d+)\]$/.exec(issue.path);
  if (sort) return `body.sorting[${sort[1]}].field`;
  if (issue.path === 'pivot' || issue.path === 'groupBy') return 'body.grouping.pivot';
  if (issue.path === 'pivot_identifier') return 'body.grouping.pivotIdentifier';
  if (issue.path.startsWith('aggregates.')) return `body.grouping.${issue.path}`;
  return `body.${issue.path}`;
}

const toFieldError = (issue: QueryIssue): FieldError => ({
  path: bodyPath(issue),
  message: issue.message,
});

function issuesOf(run: () => unknown): FieldError[] {
  try {
    run();
    return [];
  } catch (error) {
    if (!isSegmentQueryError(error)) throw error;
    return error.issues.map(toFieldError);
  }
}

/**
 * Checks the base filters, column, sorting and grouping settings (the aggregate chosen per
 * column included, docs/product.md §5.3) against the organization's
 * catalogue of the base table (ADR 0026) with
 * THE segment compiler, so a setting is accepted exactly when a data page could use it.
 * A placeholder organization id: nothing runs, the SQL is thrown away.
 */
export function checkSegmentSettings(
  catalogue: OrgCatalogue,
  table: BaseTable,
  body: UpdateSegmentBody,
  dialect: Dialect,
): FieldError[] {
  const orgId = '00000000-0000-0000-0000-000000000000';
  const errors = issuesOf(() =>
    compileSegmentQuery(
      {
        orgId,
        table,
        catalogue,
        filters: body.filters,
        columns: body.columns,
        sortBy: body.sorting,
      },
      dialect,
    ),
  );
  const { pivot, pivotIdentifier, aggregates } = body.grouping ?? {
    pivot: null,
    pivotIdentifier: null,
  };
  if (pivot === null && pivotIdentifier !== null) {
    errors.push({
      path: 'body.grouping.pivot',
      message: 'Choose the first grouping column before the second',
    });
  } else if (pivot !== null) {
    const groupBy = pivotIdentifier === null ? [pivot] : [pivot, pivotIdentifier];
    errors.push(
      ...issuesOf(() => compileSegmentQuery({ orgId, table, catalogue, groupBy }, dialect)),
    );
  }
  if (aggregates) {
    errors.push(...aggregateChoiceIssues(catalogue, table, aggregates).map(toFieldError));
  }
  return errors;
}
