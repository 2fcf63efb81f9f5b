/**
 * The conversion layer both engines end in (docs/architecture.md §5): DuckDB hands BIGINT over as
 * BigInt and DECIMAL as float, `pg` hands both over as strings and parses timestamps in
 * the process's time zone. These helpers give one JS value for one stored value.
 */

/** A 64-bit integer as a number when it is exact, else as its decimal text (never rounded). */
export function toSafeInteger(value: bigint | string): number | string {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : String(value);
}

/**
 * DECIMAL through its decimal text: parsing the text gives the double nearest to the stored
 * value on both engines, whatever each driver's own decimal-to-float path would round to.
 */
export function decimalFromText(text: string): number {
  return Number(text);
}

/** Epoch milliseconds → `2024-05-01T12:00:00.000Z`. */
export function isoFromEpochMillis(millis: number): string {
  return new Date(millis).toISOString();
}

/**
 * A TIMESTAMP (without time zone, stored as UTC) as PostgreSQL prints it,
 * `2024-05-01 12:00:00.123456`, → ISO string with millisecond precision, as DuckDB gives.
 */
export function isoFromTimestampText(text: string): string {
  const parsed = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed) ? text : new Date(parsed).toISOString();
}

/**
 * Epoch milliseconds → the timestamp literal both engines read for `CAST($n AS TIMESTAMP)`
 * and COPY: `2024-05-01 12:00:00.000` (no zone designator: values are UTC).
 */
export function timestampLiteral(millis: number): string {
  return new Date(millis).toISOString().replace('T', ' ').replace('Z', '');
}
