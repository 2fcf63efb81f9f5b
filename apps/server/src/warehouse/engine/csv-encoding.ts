/**
 * RFC 4180 fields as DuckDB's own CSV writer prints them, so the PostgreSQL export gives the
 * same bytes: NULL as nothing, the empty string as `""`, quotes doubled, quoting when a field
 * holds a comma, quote, line break or `#` (DuckDB quotes its comment character; RFC 4180
 * allows quoting any field). Lines end with CRLF (RFC 4180), as DuckDB's COPY is told to.
 */
const NEEDS_QUOTES = /[",\n\r#]/;

export function csvField(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
