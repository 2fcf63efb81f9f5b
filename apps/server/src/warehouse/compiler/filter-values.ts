import { FILTER_OPERATORS, type FilterOperator } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import type { IssueList } from './segment-query-error.js';
import type { NormalisedValue } from './segment-query-input.js';

const DAY_MS = 86_400_000;

/** Columns compared case-insensitively (people type emails and names in any case). */
export const isCaseInsensitive = (column: CatalogueColumn) =>
  column.dataType === 'string' || column.dataType === 'email' || column.dataType === 'link';

/** `2024-05-01` or `2024-05-01T10:00:00+02:00` → that calendar day's start (UTC), or null. */
function dayStart(value: string): number | null {
  const day = value.slice(0, 10);
  const millis = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(millis) || new Date(millis).toISOString().slice(0, 10) !== day) return null;
  return day >= '1000-01-01' && day <= '9998-12-31' ? millis : null;
}

type Reporter = (message: string) => undefined;

function dayRange(first: string, last: string, report: Reporter): NormalisedValue | undefined {
  const from = dayStart(first);
  const to = dayStart(last);
  if (from === null || to === null) return report('Not a valid date');
  return { from: timestampLiteral(from), to: timestampLiteral(to + DAY_MS) };
}

/**
 * Whether an enum refuses a value outside its options. A computed enum (a score's grades) has
 * fixed options: any other value is a mistake. A stored column's options are its built-in
 * ones plus what the last load held (docs/architecture.md §5.2): a value the data held may be
 * gone after the next load, and a saved cohort or segment filtering on it must keep compiling
 * (it then matches nothing) rather than stop snapshotting; so a stored enum refuses only a
 * value that differs from an option by case alone (`Pro` for `pro`: the label typed for the
 * stored value), which would otherwise match nothing without a word.
 */
function refusesValue(column: CatalogueColumn, text: string): boolean {
  if (column.dataType !== 'enum' || column.options?.includes(text)) return false;
  if (column.computed) return true;
  const lower = text.toLowerCase();
  return (column.options ?? []).some((option) => option.toLowerCase() === lower);
}

function textValue(column: CatalogueColumn, value: string | number, report: Reporter) {
  const text = String(value);
  if (refusesValue(column, text)) {
    return report(`"${text}" is not an option of ${column.label}`);
  }
  return isCaseInsensitive(column) ? text.toLowerCase() : text;
}

/**
 * Turns a filter value that already has the operator's shape (contracts'
 * `describeFilterValueProblem`) into what the SQL builders bind, checking what depends on
 * the column: numbers for numeric columns, options for enums, real calendar days for dates.
 * Returns undefined after reporting a problem.
 */
export function normaliseFilterValue(
  column: CatalogueColumn,
  operator: FilterOperator,
  value: unknown,
  issues: IssueList,
  path: string,
): NormalisedValue | undefined {
  const report: Reporter = (message) => {
    issues.add(path, message);
    return undefined;
  };
  switch (FILTER_OPERATORS[operator].value) {
    case 'none':
      return null;
    case 'scalar':
      if (column.dataType !== 'numeric') return textValue(column, value as string | number, report);
      return typeof value === 'number' ? value : report(`${column.label} takes a number`);
    case 'number':
    case 'boolean':
      return value as number | boolean;
    case 'number-range':
      return value as [number, number];
    case 'text':
      return (value as string).toLowerCase();
    case 'list': {
      const items = (value as (string | number)[]).map((item) => textValue(column, item, report));
      return items.every((item) => item !== undefined) ? items : undefined;
    }
    case 'date':
      return dayRange(value as string, value as string, report);
    case 'date-range': {
      const [first, last] = value as [string, string];
      return dayRange(first, last, report);
    }
    case 'days':
      return { days: value as number };
  }
}
