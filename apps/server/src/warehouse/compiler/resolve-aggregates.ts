import {
  aggregatesFor,
  defaultAggregate,
  GROUP_AGGREGATE_LABELS,
  groupAggregateSchema,
  type BaseTable,
  type GroupAggregate,
} from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { QueryIssue } from './segment-query-error.js';
import type { ResolvedAggregate } from './segment-query-input.js';

/** The chosen aggregate when it is one and fits the column (group-aggregates.ts), else null. */
function fittingChoice(column: CatalogueColumn, choice: unknown): GroupAggregate | null {
  const parsed = groupAggregateSchema.safeParse(choice);
  return parsed.success && aggregatesFor(column).includes(parsed.data) ? parsed.data : null;
}

/**
 * What a grouped view shows of each numeric column shown besides the group columns: the
 * segment's choice for it, else the default of its kind (docs/product.md §5.3: sum
 * for counts and money, average for percentages and scores). A saved choice that no longer
 * fits (the column's type changed with a later load, ADR 0026) falls back to the default
 * rather than refusing every read; saving checks choices strictly (`aggregateChoiceIssues`).
 */
export function resolveAggregates(
  columns: readonly CatalogueColumn[],
  groupBy: readonly CatalogueColumn[],
  choices: Readonly<Record<string, unknown>> | undefined,
): ResolvedAggregate[] {
  return columns.flatMap((column) => {
    const fallback = defaultAggregate(column);
    if (!fallback || groupBy.includes(column)) return [];
    const choice = choices && Object.hasOwn(choices, column.name) ? choices[column.name] : null;
    return [{ column, aggregate: fittingChoice(column, choice) ?? fallback }];
  });
}

/**
 * The problems of a segment's aggregate choices, each named `aggregates.<column>`: an unknown
 * column, one that is not a number, or an aggregate that does not fit it (a sum of a
 * percentage).
 */
export function aggregateChoiceIssues(
  catalogue: OrgCatalogue,
  table: BaseTable,
  choices: Readonly<Record<string, unknown>>,
): QueryIssue[] {
  return Object.entries(choices).flatMap(([name, choice]) => {
    const path = `aggregates.${name}`;
    const column = catalogue.find(table, name);
    if (!column) return [{ path, message: `Unknown column "${name}" in ${table}` }];
    const fitting = aggregatesFor(column);
    if (fitting.length === 0)
      return [{ path, message: `${column.label} is not a number: groups do not aggregate it` }];
    if (fittingChoice(column, choice)) return [];
    const allowed = fitting.map((aggregate) => GROUP_AGGREGATE_LABELS[aggregate].toLowerCase());
    const options = `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
    const parsed = groupAggregateSchema.safeParse(choice);
    const message = parsed.success
      ? `A ${GROUP_AGGREGATE_LABELS[parsed.data].toLowerCase()} does not fit ${column.label}: choose ${options}`
      : `Choose ${options}`;
    return [{ path, message }];
  });
}
