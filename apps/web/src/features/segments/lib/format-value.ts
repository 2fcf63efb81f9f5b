import type { CellValue, SegmentColumn } from '@revlane/contracts';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Numbers with thousands separators, the same in every locale the tests run in. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A stored option as people read it, from the catalogue (`at_risk` → 'At risk', ADR 0013);
 * a value outside the list stays as it is.
 */
export function formatOption(
  column: Pick<SegmentColumn, 'optionLabels'> | undefined,
  value: string,
): string {
  return column?.optionLabels?.[value] ?? value;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in its column's currency, always with two decimals: "$1,204.50". */
export function formatMoney(value: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(value);
}

/** A value of a column as plain text (groups, changes): options by label, money with currency. */
export function formatColumnValue(
  column: Pick<SegmentColumn, 'optionLabels' | 'currency'> | undefined,
  value: CellValue | undefined,
): string {
  if (typeof value === 'string') return formatOption(column, value);
  if (typeof value === 'number' && column?.currency) return formatMoney(value, column.currency);
  return formatPlain(value);
}

/** "1–50 of 12,345": the rows shown and the total. */
export function formatRange(from: number, to: number, total: number): string {
  return `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`;
}

/** A value as plain text (chips, group labels). */
export function formatPlain(value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return formatList(value);
  return value;
}

/**
 * A list's items as the source writes them, comma-separated (no thousands separators, which
 * would read as more items); an empty item is "(blank)" (docs/architecture.md §5.5).
 */
export function formatList(items: readonly (string | number | null)[]): string {
  return items.map((item) => (item === null ? '(blank)' : String(item))).join(', ');
}

/** Only http(s) addresses become links; anything else (javascript:, data:) stays text. */
export function toSafeHref(value: string): string | null {
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function columnLabel(columns: SegmentColumn[], name: string): string {
  return columns.find((column) => column.name === name)?.label ?? name;
}
