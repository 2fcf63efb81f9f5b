/**
 * RFC 4180 fields as both engines' own CSV writers print them: NULL as nothing, the empty
 * string as `""`, quotes doubled, quoting only when a field holds a comma, quote or line
 * break. Lines end with CRLF (RFC 4180), as DuckDB's COPY is told to end them.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
