/** A row from a driver as JSON can carry it: dates as ISO text, integers past 2^53 as text. */
export function jsonSafeRow(row: Record<string, unknown>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) safe[key] = jsonSafeValue(value);
  return safe;
}

export function jsonSafeValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : value.toString();
  }
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return value;
}
