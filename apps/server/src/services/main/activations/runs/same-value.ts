/**
 * Whether a destination's value is the one we meant to send (ADR 0033: after a crash, a
 * record already holding it is not sent again). Destinations answer in their own notation:
 * an empty text is a cleared field, `TRUE` a boolean, `100.0` the number 100.00.
 */
export function sameValue(held: string | null, meant: string | null): boolean {
  const a = held === '' ? null : held;
  const b = meant === '' ? null : meant;
  if (a === null || b === null) return a === b;
  if (a === b) return true;
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if ((lowerA === 'true' || lowerA === 'false') && lowerA === lowerB) return true;
  return isDecimal(a) && isDecimal(b) && normalDecimal(a) === normalDecimal(b);
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const isDecimal = (value: string) => DECIMAL.test(value.trim());

/** A decimal's digits without a plus sign, leading zeros or trailing fraction zeros. */
function normalDecimal(value: string): string {
  let text = value.trim().replace(/^\+/, '');
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  let [whole = '', fraction = ''] = text.split('.');
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return negative && digits !== '0' ? `-${digits}` : digits;
}
