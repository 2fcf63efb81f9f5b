import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { TableSchema } from '../engine/table-schema.js';

const stringLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `INSERT … SELECT * FROM read_csv(…)` with the dialect spelled out and every column typed,
 * so nothing is guessed (the sniffer is for files of unknown shape, not for ours), and
 * `allow_quoted_nulls = false` keeps `""` an empty string as PostgreSQL's COPY means it.
 * The file name is ours (a temporary file), quoted as a literal.
 */
export function insertFromCsvSql(dialect: Dialect, schema: TableSchema, file: string): string {
  const columns = schema.columns
    .map(
      (column) =>
        `${stringLiteral(column.name)}: ${stringLiteral(dialect.columnType(column.type))}`,
    )
    .join(', ');
  return (
    `INSERT INTO ${quoteIdentifier(schema.name)} SELECT * FROM read_csv(${stringLiteral(file)}, ` +
    `header = true, delim = ',', quote = '"', escape = '"', auto_detect = false, ` +
    `allow_quoted_nulls = false, columns = {${columns}})`
  );
}
