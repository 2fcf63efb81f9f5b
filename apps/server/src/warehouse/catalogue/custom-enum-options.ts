import type { CanonicalTargets } from '../loading/load-canonical-selects.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { Warehouse } from '../engine/warehouse.js';
import type { CustomColumn } from './custom-columns.js';
import { BUILT_IN_CATALOGUE, type DataOptions } from './org-catalogue.js';

/** More values than this beyond a built-in enum's options are not offered as options. */
const MAX_DATA_OPTIONS = 100;

/** At most this many distinct values make a text attribute an enum (docs/architecture.md §5.2). */
export const MAX_ENUM_OPTIONS = 20;

/**
 * The custom columns with their enum options, read from the freshly built canonical tables
 * (ADR 0026): a text attribute with at most MAX_ENUM_OPTIONS distinct non-blank values
 * becomes an enum offering exactly them (sorted in JS, so alike on both engines); one
 * with more stays free text.
 */
export async function withEnumOptions(
  warehouse: Warehouse,
  orgId: string,
  targets: CanonicalTargets,
  custom: readonly CustomColumn[],
): Promise<CustomColumn[]> {
  const result: CustomColumn[] = [];
  for (const column of custom) {
    if (column.type !== 'text') {
      result.push(column);
      continue;
    }
    const name = quoteIdentifier(column.name);
    const rows = await warehouse.query(orgId, {
      sql: `SELECT DISTINCT ${name} AS value FROM ${warehouse.dialect.table(orgId, targets[column.table])}
        WHERE ${name} IS NOT NULL AND ${name} <> '' LIMIT ${MAX_ENUM_OPTIONS + 1}`,
      params: [],
    });
    const values = rows
      .map((row) => row.value as string)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const isEnum = values.length > 0 && values.length <= MAX_ENUM_OPTIONS;
    result.push({
      ...column,
      dataType: isEnum ? 'enum' : 'string',
      options: isEnum ? values : null,
    });
  }
  return result;
}

/**
 * The values the freshly built canonical tables hold in each built-in enum column (a
 * stored one: `plan`, `lifecycle_stage`, …) beyond its own options, sorted: a mapped source
 * may write plans the built-in list does not know, and they must stay filterable. A column
 * with more than MAX_DATA_OPTIONS such values gets none (it is then not an option list).
 */
export async function builtInDataOptions(
  warehouse: Warehouse,
  orgId: string,
  targets: CanonicalTargets,
): Promise<DataOptions> {
  const found: DataOptions = {};
  for (const table of ['accounts', 'users'] as const) {
    for (const column of BUILT_IN_CATALOGUE.columns(table)) {
      if (column.dataType !== 'enum' || column.source !== table || !column.options) continue;
      const name = quoteIdentifier(column.sourceColumn);
      const known = column.options.map((_, index) => `$${index + 1}`).join(', ');
      const rows = await warehouse.query(orgId, {
        sql: `SELECT DISTINCT ${name} AS value FROM ${warehouse.dialect.table(orgId, targets[table])}
          WHERE ${name} IS NOT NULL AND ${name} <> '' AND ${name} NOT IN (${known})
          LIMIT ${MAX_DATA_OPTIONS + 1}`,
        params: column.options,
      });
      if (rows.length === 0 || rows.length > MAX_DATA_OPTIONS) continue;
      (found[table] ??= {})[column.name] = rows
        .map((row) => row.value as string)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
  }
  return found;
}
