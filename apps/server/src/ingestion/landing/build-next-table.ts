import type { LandedColumn } from '@revlane/contracts';
import type { Warehouse, CsvLoadOptions } from '../../warehouse/index.js';
import {
  describeTable,
  quoteIdentifier,
  nextTableName,
  type LogicalType,
  type TableSchema,
} from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';
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

/** The columns as the run reports them: source name, warehouse name and type, note. */
export function landedColumns(
  schema: TableSchema,
  columns: readonly ExtractedColumn[],
): LandedColumn[] {
  return columns.map((column, index) => ({
    name: column.name,
    warehouseName: schema.columns[index]!.name,
    sourceType: column.sourceType,
    landedAs: column.type,
    ...(column.note ? { note: column.note } : {}),
  }));
}

/**
 * Whether the live table has exactly the schema's columns and types, so new rows can be
 * appended to it; a column that lands as another type now (wider digits, a list become
 * JSON) or under another name means a full refresh instead.
 */
export async function landsAlike(
  warehouse: Warehouse,
  orgId: string,
  schema: TableSchema,
): Promise<boolean> {
  const live = await describeTable(warehouse, orgId, schema.name);
  // Compared as SQL types: `decimal` and `decimal(12,2)` are one type.
  const sqlType = (type: LogicalType) => warehouse.dialect.columnType(type);
  return (
    live !== null &&
    live.length === schema.columns.length &&
    schema.columns.every((column, index) => {
      const found = live[index];
      return found?.name === column.name && sqlType(found.type) === sqlType(column.type);
    })
  );
}

/** The warehouse name of a source column, or null when the table has no such column. */
export function landedName(
  schema: TableSchema,
  columns: readonly ExtractedColumn[],
  sourceName: string | undefined,
): string | null {
  const index = columns.findIndex((column) => column.name === sourceName);
  return index < 0 ? null : (schema.columns[index]?.name ?? null);
}

/**
 * Builds `<table>__next` from a CSV file in the load format (or, with `load.sniffed`, in
 * its own dialect, ADR 0018): empty for a full refresh, or for an incremental load the new
 * rows plus the current table's rows — all of them when appending, or with `mergeKey` (a
 * column of the schema) those whose key was not loaded again, so a record modified since
 * the last sync replaces its earlier row. The live table is untouched until the swap.
 */
export async function buildNextTable(
  warehouse: Warehouse,
  orgId: string,
  schema: TableSchema,
  file: string,
  incremental: { mergeKey: string | null } | false,
  load: CsvLoadOptions = {},
): Promise<number> {
  const next = { ...schema, name: nextTableName(schema.name) };
  const table = (name: string) => warehouse.dialect.table(orgId, name);
  const columns = schema.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  if (incremental && !incremental.mergeKey) {
    await warehouse.execute(orgId, [
      { sql: `DROP TABLE IF EXISTS ${table(next.name)}`, params: [] },
      {
        sql: `CREATE TABLE ${table(next.name)} AS SELECT ${columns} FROM ${table(schema.name)}`,
        params: [],
      },
    ]);
    return warehouse.loadCsvFile(orgId, next, file, load);
  }
  await warehouse.createTable(orgId, next);
  const written = await warehouse.loadCsvFile(orgId, next, file, load);
  if (incremental && incremental.mergeKey) {
    // The key is a column of the discovered schema, quoted; nothing here comes from input.
    const key = quoteIdentifier(incremental.mergeKey);
    await warehouse.execute(orgId, [
      {
        sql:
          `INSERT INTO ${table(next.name)} (${columns}) SELECT ${columns} FROM ${table(schema.name)} AS kept ` +
          `WHERE NOT EXISTS (SELECT 1 FROM ${table(next.name)} AS fresh WHERE fresh.${key} = kept.${key})`,
        params: [],
      },
    ]);
  }
  return written;
}

/**
 * Makes a table loaded while its file was uploaded (ADR 0029), already in `schema`'s
 * columns, the `<table>__next` of a full refresh: a rename, no second read of the file.
 */
export async function adoptAsNextTable(
  warehouse: Warehouse,
  orgId: string,
  schema: TableSchema,
  loaded: { table: string; rows: number },
): Promise<number> {
  const next = nextTableName(schema.name);
  await warehouse.execute(orgId, [
    { sql: `DROP TABLE IF EXISTS ${warehouse.dialect.table(orgId, next)}`, params: [] },
    {
      sql: `ALTER TABLE ${warehouse.dialect.table(orgId, loaded.table)} RENAME TO ${quoteIdentifier(next)}`,
      params: [],
    },
  ]);
  return loaded.rows;
}
