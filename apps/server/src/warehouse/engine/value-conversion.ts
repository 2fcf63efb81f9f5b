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

/** `-0012.3400` → `-12.34`: a decimal text without the zeros that do not change it. */
function canonicalDecimal(text: string): string {
  let [whole = '', fraction = ''] = text.replace(/^\+/, '').split('.');
  const negative = whole.startsWith('-');
  whole = whole.replace(/^-/, '').replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/**
 * DECIMAL through its decimal text, exactly: a number when that number is the stored value
 * (every DECIMAL(12,2), most others), else the text itself, so no digit is ever lost to a
 * double (`12345678901234567890.1234567890` stays text). Both engines give the same value.
 */
export function decimalFromText(text: string): number | string {
  // `+ 0` makes -0 (from "-0.00") plain 0, as the engines compare them.
  const value = Number(text) + 0;
  if (!Number.isFinite(value)) return text;
  return String(value) === canonicalDecimal(text) ? value : text;
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
