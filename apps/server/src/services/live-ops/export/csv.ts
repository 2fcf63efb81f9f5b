import type { SegmentColumn } from '@revlane/contracts';
import type { WarehouseRow, WarehouseValue } from '../../../warehouse/index.js';

/** Spreadsheet apps run a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function textOf(value: WarehouseValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * One RFC 4180 field: quoted when it holds a comma, quote, CR or LF, quotes doubled. Text
 * that a spreadsheet would run as a formula gets a leading `'`; numbers stay numbers (a
 * negative amount is data, not a formula).
 */
export function csvField(value: WarehouseValue | undefined): string {
  const text = textOf(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: readonly SegmentColumn[]): string {
  return `${columns.map((column) => csvField(column.label)).join(',')}\r\n`;
}

/** A batch of rows as CSV lines (CRLF endings), fields in the columns' order. */
export function csvLines(columns: readonly SegmentColumn[], rows: readonly WarehouseRow[]): string {
  let text = '';
  for (const row of rows) {
    text += `${columns.map((column) => csvField(row[column.name])).join(',')}\r\n`;
  }
  return text;
}

/** `Product-qualified accounts` on 2024-06-15 → `product-qualified-accounts-2024-06-15.csv`. */
export function exportFileName(segmentName: string, now = new Date()): string {
  const slug = segmentName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'segment'}-${now.toISOString().slice(0, 10)}.csv`;
}
