import type { LogicalType } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../core/connector.js';

/** What a column's cells hold so far; the widest kind seen wins. */
type CellKind = 'empty' | 'integer' | 'number' | 'boolean' | 'datetime' | 'string';

const LOGICAL: Record<CellKind, LogicalType> = {
  empty: 'text',
  integer: 'bigint',
  number: 'double',
  boolean: 'boolean',
  datetime: 'timestamp',
  string: 'text',
};
/** Dates as both warehouses read them: `2024-05-01` or `2024-05-01 12:30:00`. */
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A blank cell: the Sheets API sends `""` (a sheet has no NULL). */
export const isBlank = (cell: unknown) => cell === null || cell === undefined || cell === '';

/** A header cell as text (the API sends strings, numbers or booleans). */
const cellText = (cell: unknown) => (typeof cell === 'string' ? cell : JSON.stringify(cell)).trim();

function kindOf(cell: unknown): CellKind {
  if (isBlank(cell)) return 'empty';
  if (typeof cell === 'boolean') return 'boolean';
  if (typeof cell === 'number') return Number.isSafeInteger(cell) ? 'integer' : 'number';
  return typeof cell === 'string' && DATETIME.test(cell) ? 'datetime' : 'string';
}

function widen(current: CellKind, next: CellKind): CellKind {
  if (next === 'empty' || current === next) return current;
  if (current === 'empty') return next;
  const numeric = new Set<CellKind>(['integer', 'number']);
  return numeric.has(current) && numeric.has(next) ? 'number' : 'string';
}

/**
 * Header names made unique (a blank one becomes `column_<n>`), and each column typed by the
 * cells seen: discovery samples the first rows, a sync every row it writes, so the file
 * always fits the types it is loaded with.
 */
export class SheetColumns {
  readonly names: string[];
  private readonly kinds: CellKind[];

  constructor(header: readonly unknown[]) {
    const seen = new Set<string>();
    this.names = header.map((cell, index) => {
      const base = isBlank(cell) ? `column_${index + 1}` : cellText(cell);
      let name = base;
      for (let n = 2; seen.has(name); n += 1) name = `${base} ${n}`;
      seen.add(name);
      return name;
    });
    this.kinds = this.names.map(() => 'empty');
  }

  /** The row cut or padded to the header, blanks as NULL; its cells widen the types. */
  observe(row: readonly unknown[]): unknown[] {
    return this.names.map((_, index) => {
      const cell = row[index];
      this.kinds[index] = widen(this.kinds[index]!, kindOf(cell));
      return isBlank(cell) ? null : cell;
    });
  }

  columns(): ExtractedColumn[] {
    return this.names.map((name, index) => ({
      name,
      sourceType: this.kinds[index]!,
      type: LOGICAL[this.kinds[index]!],
    }));
  }
}
