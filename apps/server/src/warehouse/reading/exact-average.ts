import { AVERAGE_DECIMALS } from '@revlane/contracts';
import { decimalFromText } from '../engine/value-conversion.js';

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** A number, or a decimal's exact text (value-conversion.ts), as integer units of 10^-scale. */
function toUnits(value: number | string): { units: bigint; scale: number } | null {
  const match = DECIMAL.exec(String(value));
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  let units = BigInt(`${whole}${fraction}`);
  if (scale < 0) units *= 10n ** BigInt(-scale);
  return { units: sign === '-' ? -units : units, scale: Math.max(scale, 0) };
}

/**
 * `sum / count`, rounded half away from zero to AVERAGE_DECIMALS decimals in integer
 * arithmetic, so the average of exact values is exact to the last decimal shown and the same
 * whichever engine summed them. Null for no values (or a sum that is not a number).
 */
export function exactAverage(
  sum: number | string | null | undefined,
  count: number,
): number | string | null {
  if (sum === null || sum === undefined || count <= 0) return null;
  const parsed = toUnits(sum);
  if (!parsed) return null;
  const numerator = parsed.units * 10n ** BigInt(AVERAGE_DECIMALS);
  const denominator = BigInt(count) * 10n ** BigInt(parsed.scale);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  const digits = rounded.toString().padStart(AVERAGE_DECIMALS + 1, '0');
  const point = digits.length - AVERAGE_DECIMALS;
  const text = `${numerator < 0n ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
  return decimalFromText(text);
}
