import type { CellValue, RecordKind, SegmentRow } from '@revlane/contracts';

/** A cell as text when it has one: blanks (null, '', missing) are absent. */
export function textOf(value: CellValue | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** How a record is named on its page and in links: its name, a user's email, else its id. */
export function recordTitle(row: SegmentRow): string {
  return textOf(row.name) ?? textOf(row.email) ?? textOf(row.id) ?? '';
}

/** "account" / "user", for sentences ("No alerts fired for this account"). */
export const RECORD_NOUN: Record<RecordKind, string> = { accounts: 'account', users: 'user' };
