import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { columnExpression } from './query-source.js';

const TEXTUAL = new Set(['string', 'email', 'link', 'enum', 'default']);
const FORMULA_START_CODES = ['=', '+', '-', '@', '\t', '\r']
  .map((char) => char.charCodeAt(0))
  .join(', ');

/**
 * Types DuckDB's own CSV writer prints exactly as the text expressions below would (numbers
 * as their decimal text, booleans true/false, timestamps in the ISO TIMESTAMPFORMAT its COPY
 * is given). Left typed on DuckDB they keep the sort's payload narrow (~15% faster exports).
 */
const WRITER_FORMATTED = new Set(['numeric', 'boolean', 'timestamp']);

/**
 * A column as CSV text, computed by the engine so DuckDB can write the file itself (COPY is
 * ~5× faster than formatting in JS) and PostgreSQL's rows format to the same bytes: the
 * column's exact text (`textExpression`), where text that a spreadsheet would run as a
 * formula (= + - @ tab CR first) gets a `'` prefix.
 */
export function csvExpression(dialect: Dialect, column: CatalogueColumn): string {
  if (dialect.name === 'duckdb' && WRITER_FORMATTED.has(column.dataType)) {
    return columnExpression(column);
  }
  const text = textExpression(dialect, column);
  if (!TEXTUAL.has(column.dataType)) return text;
  // The first character's code (= + - @ tab CR): cheaper than cutting a substring per cell.
  return `CASE WHEN ascii(${text}) IN (${FORMULA_START_CODES}) THEN '''' || ${text} ELSE ${text} END`;
}

/**
 * A column's value as the same exact text on every engine (exports, and the values an
 * activation sends, ADR 0033); NULL stays NULL:
 * - booleans print `true`/`false` (PostgreSQL would print t/f);
 * - timestamps print as ISO 8601 UTC, sparklines as space-separated numbers, lists as their
 *   items separated by `, `;
 * - numbers print as the engine's decimal text (DECIMAL keeps its two decimals).
 */
export function textExpression(dialect: Dialect, column: CatalogueColumn): string {
  const value = columnExpression(column);
  switch (column.dataType) {
    case 'boolean':
      return `CASE WHEN ${value} THEN 'true' WHEN NOT ${value} THEN 'false' END`;
    case 'timestamp':
      return dialect.isoTimestamp(value);
    case 'timeseries':
      return `array_to_string(${value}, ' ')`;
    case 'list':
      return `array_to_string(${value}, ', ')`;
    default:
      return `CAST(${value} AS TEXT)`;
  }
}

export function csvSelectList(dialect: Dialect, columns: readonly CatalogueColumn[]): string {
  return columns
    .map((column) => `${csvExpression(dialect, column)} AS ${quoteIdentifier(column.name)}`)
    .join(', ');
}
