import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { isListType, type TableSchema } from '../engine/table-schema.js';
import type { SniffedCsv } from '../engine/warehouse.js';

const stringLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
const structOf = (columns: readonly { name: string; type: string }[]) =>
  `{${columns.map((column) => `${stringLiteral(column.name)}: ${stringLiteral(column.type)}`).join(', ')}}`;

/**
 * `INSERT … SELECT * FROM read_csv(…)` with the dialect spelled out and every column typed,
 * so nothing is guessed (the sniffer is for files of unknown shape, not for ours), and
 * `allow_quoted_nulls = false` keeps `""` an empty string as PostgreSQL's COPY means it.
 * The file name is ours (a temporary file), quoted as a literal.
 */
export function insertFromCsvSql(dialect: Dialect, schema: TableSchema, file: string): string {
  // A list field is a PostgreSQL array literal (load-values' arrayLiteral): read as text,
  // then cast between brackets, which DuckDB's list cast reads with its quotes and NULLs.
  const columns = structOf(
    schema.columns.map((column) => ({
      name: column.name,
      type: isListType(column.type) ? 'VARCHAR' : dialect.columnType(column.type),
    })),
  );
  const select = schema.columns.some((column) => isListType(column.type))
    ? schema.columns
        .map((column, index) => {
          const field = `#${index + 1}`;
          return isListType(column.type)
            ? `CAST('[' || ${field}[2:-2] || ']' AS ${dialect.columnType(column.type)})`
            : field;
        })
        .join(', ')
    : '*';
  return (
    `INSERT INTO ${quoteIdentifier(schema.name)} SELECT ${select} FROM read_csv(${stringLiteral(file)}, ` +
    `header = true, delim = ',', quote = '"', escape = '"', auto_detect = false, ` +
    `allow_quoted_nulls = false, columns = ${columns})`
  );
}

/** A column read with the sniffed type, cast by position to the table's type. */
function castColumn(
  dialect: Dialect,
  sniffedType: string,
  type: TableSchema['columns'][number]['type'],
  position: number,
) {
  const target = dialect.columnType(type);
  // An instant lands as its UTC timestamp, as its text (with offset) parses: what the
  // rewrite into the load format gave before.
  if (sniffedType === 'TIMESTAMP WITH TIME ZONE')
    return `CAST(CAST(#${position} AS VARCHAR) AS ${target})`;
  return `CAST(#${position} AS ${target})`;
}

/**
 * `read_csv(…)` of a file in the dialect and column types DuckDB's sniffer found over the
 * whole file, spelled out (`auto_detect = false`): nothing is guessed again, so the file is
 * read once more only. A quoted empty field (`""`) is an empty string and an unquoted one
 * NULL, as the sniffer read them (so a number column holding `""` is text: every value
 * kept). The file name is ours (the source's stored upload), quoted as a literal.
 */
export function sniffedCsvReader(file: string, sniffed: SniffedCsv): string {
  const options = [
    `auto_detect = false`,
    `header = ${sniffed.header}`,
    `delim = ${stringLiteral(sniffed.delimiter)}`,
    `quote = ${stringLiteral(sniffed.quote)}`,
    `escape = ${stringLiteral(sniffed.escape)}`,
    `new_line = ${stringLiteral(sniffed.newLine)}`,
    `comment = ${stringLiteral(sniffed.comment)}`,
    `skip = ${Math.floor(sniffed.skipRows)}`,
    `allow_quoted_nulls = false`,
    ...(sniffed.dateFormat ? [`dateformat = ${stringLiteral(sniffed.dateFormat)}`] : []),
    ...(sniffed.timestampFormat
      ? [`timestampformat = ${stringLiteral(sniffed.timestampFormat)}`]
      : []),
    `columns = ${structOf(sniffed.columns)}`,
  ];
  return `read_csv(${stringLiteral(file)}, ${options.join(', ')})`;
}

/**
 * `INSERT … SELECT … FROM` the sniffed reader of an upload as it is, each column cast by
 * position to the table's type: no rewrite into the load format (ADR 0018).
 */
export function insertFromSniffedCsvSql(
  dialect: Dialect,
  schema: TableSchema,
  file: string,
  sniffed: SniffedCsv,
): string {
  const select = schema.columns
    .map((column, index) =>
      castColumn(dialect, sniffed.columns[index]?.type ?? 'VARCHAR', column.type, index + 1),
    )
    .join(', ');
  return `INSERT INTO ${quoteIdentifier(schema.name)} SELECT ${select} FROM ${sniffedCsvReader(file, sniffed)}`;
}
