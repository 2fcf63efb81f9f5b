import type { DiscoveredTable, SelectedTable, SourceType } from '@revlane/contracts';

/**
 * Sources whose tables take a cursor, a key and left-out columns: the server answers 400 to
 * `excludeColumns` from any other, whose extract reads every column.
 */
export const hasTableOptions = (type: SourceType): boolean =>
  type === 'postgres' || type === 'mysql';

/**
 * Types a cursor can follow (values that only grow): timestamps, dates and integers, as the
 * source spells them (`timestamp with time zone`, `timestamptz`, `datetime(6)`, `int(11)`,
 * `bigint unsigned`, …). Not `time` (it wraps daily), `tinyint` (MySQL's booleans) or arrays.
 */
const CURSOR_TYPE =
  /^(?:timestamp(?:tz)?|datetime|date|(?:small|medium|big)?int(?:eger)?|int[248])\b(?!.*\[\])/i;

export const isCursorType = (type: string): boolean => CURSOR_TYPE.test(type.trim());

/**
 * The entry the API gets, its keys in one order and empty options left out, so two
 * selections that say the same compare equal.
 */
export function cleanSelectedTable({
  name,
  cursorColumn,
  primaryKey,
  excludeColumns,
}: SelectedTable): SelectedTable {
  return {
    name,
    ...(cursorColumn ? { cursorColumn } : {}),
    ...(primaryKey ? { primaryKey } : {}),
    ...(excludeColumns?.length ? { excludeColumns } : {}),
  };
}

export const isSameSelection = (a: readonly SelectedTable[], b: readonly SelectedTable[]) =>
  JSON.stringify(a.map(cleanSelectedTable)) === JSON.stringify(b.map(cleanSelectedTable));

/** The tables now chosen, in the order given; a table chosen before keeps its options. */
export const withChosenTables = (
  current: readonly SelectedTable[],
  names: readonly string[],
): SelectedTable[] => names.map((name) => current.find((table) => table.name === name) ?? { name });

/**
 * The columns each option offers: a column left out can be neither cursor nor key (the
 * server refuses that), and one picked as either cannot be left out.
 */
export function optionColumns(table: DiscoveredTable, selected: SelectedTable) {
  const left = selected.excludeColumns ?? [];
  const kept = table.columns.filter((column) => !left.includes(column.name));
  return {
    cursor: kept.filter((column) => isCursorType(column.type)),
    key: kept,
    excludable: table.columns.filter(
      (column) => column.name !== selected.cursorColumn && column.name !== selected.primaryKey,
    ),
  };
}
