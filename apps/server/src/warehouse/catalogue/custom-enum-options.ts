import type { CanonicalTargets } from '../loading/load-canonical-selects.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { Warehouse } from '../engine/warehouse.js';
import type { CustomColumn } from './custom-columns.js';

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
