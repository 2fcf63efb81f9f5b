import type { Warehouse } from '../../../warehouse/index.js';
import type { CsvLoadOptions } from '../../../warehouse/engine/warehouse.js';
import { quoteIdentifier } from '../../../warehouse/engine/identifiers.js';
import { nextTableName, type TableSchema } from '../../../warehouse/engine/table-schema.js';
import type { ExtractedColumn } from '../connectors/connector.js';
import { safeIdentifier } from './landed-tables.js';

/** The warehouse schema of an extracted table: source names made safe identifiers. */
export function landedSchema(name: string, columns: readonly ExtractedColumn[]): TableSchema {
  const taken = new Set<string>();
  return {
    name,
    columns: columns.map((column) => ({
      name: safeIdentifier(column.name, taken),
      type: column.type,
    })),
  };
}

/**
 * Builds `<table>__next` from a CSV file in the load format (or, with `load.sniffed`, in
 * its own dialect, ADR 0018): empty for a full refresh, or a
 * copy of the current table for an incremental load, to which the new rows are appended.
 * The live table is untouched until the swap.
 */
export async function buildNextTable(
  warehouse: Warehouse,
  orgId: string,
  schema: TableSchema,
  file: string,
  incremental: boolean,
  load: CsvLoadOptions = {},
): Promise<number> {
  const next = { ...schema, name: nextTableName(schema.name) };
  if (incremental) {
    const table = (name: string) => warehouse.dialect.table(orgId, name);
    const columns = schema.columns.map((column) => quoteIdentifier(column.name)).join(', ');
    await warehouse.execute(orgId, [
      { sql: `DROP TABLE IF EXISTS ${table(next.name)}`, params: [] },
      {
        sql: `CREATE TABLE ${table(next.name)} AS SELECT ${columns} FROM ${table(schema.name)}`,
        params: [],
      },
    ]);
  } else {
    await warehouse.createTable(orgId, next);
  }
  return warehouse.loadCsvFile(orgId, next, file, load);
}
