import type { DiscoveredTable, SelectedTable, SourceType } from '@revlane/contracts';
import { badRequest } from '../../platform/errors/http-error.js';

/** Sources whose extract selects its columns, so a column can be left out of the load. */
const EXCLUDABLE: readonly SourceType[] = ['postgres', 'mysql'];

/**
 * Refuses a selection naming a table or column the source does not have (400 naming the
 * first unknown one, by its path in the body), rather than a sync failing later; also
 * columns left out of a source that cannot leave any out, or a cursor or key left out.
 */
export function checkSelection(
  type: SourceType,
  selected: readonly SelectedTable[],
  discovered: readonly DiscoveredTable[],
): void {
  const tables = new Map(discovered.map((table) => [table.name, table]));
  selected.forEach((table, index) => {
    const path = `selectedTables[${index}]`;
    const found = tables.get(table.name);
    if (!found)
      throw badRequest(`No table "${table.name}" in this source`, [
        { path: `${path}.name`, message: `No table "${table.name}" in this source` },
      ]);
    const columns = new Set(found.columns.map((column) => column.name));
    const excluded = table.excludeColumns ?? [];
    if (excluded.length > 0 && !EXCLUDABLE.includes(type))
      throw badRequest('Only PostgreSQL and MySQL sources can leave columns out', [
        { path: `${path}.excludeColumns`, message: 'This source loads every column' },
      ]);
    const named: [string, string | undefined][] = [
      ['cursorColumn', table.cursorColumn],
      ['primaryKey', table.primaryKey],
      ...excluded.map((name, at): [string, string] => [`excludeColumns[${at}]`, name]),
    ];
    for (const [field, name] of named) {
      if (name === undefined) continue;
      if (!columns.has(name))
        throw badRequest(`No column "${name}" in ${table.name}`, [
          { path: `${path}.${field}`, message: `No column "${name}" in ${table.name}` },
        ]);
      if (!field.startsWith('exclude') && excluded.includes(name))
        throw badRequest(`"${name}" is left out of ${table.name}: it cannot be its ${field}`, [
          { path: `${path}.${field}`, message: `"${name}" is left out of the load` },
        ]);
    }
  });
}
