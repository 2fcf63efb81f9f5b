import { z } from 'zod';

/** Column data types of segment tables (docs/product.md §3), with the help text shown beside each. */
export const DATA_TYPES = {
  string: 'Free text.',
  email: 'An email address.',
  numeric: 'Value is an interger number.',
  timestamp: 'A date and time.',
  boolean: 'only 2 values: True and False',
  enum: 'One value out of a fixed list of options.',
  timeseries: 'A series of values over time, shown as a sparkline.',
  link: 'A web address.',
  list: 'A list of values (a source array or set).',
  default: 'A value shown as it is stored.',
} as const;

export type DataType = keyof typeof DATA_TYPES;
export const dataTypeSchema = z.enum(Object.keys(DATA_TYPES) as [DataType, ...DataType[]]);

/** Data types whose values come from a list of options (docs/product.md §5). */
export const OPTION_LIST_TYPES: readonly DataType[] = ['enum', 'boolean'];

/** Reserved names (docs/product.md §3): grouping pivot, its identifier, and a column being added. */
export const SPECIAL_COLUMN_NAMES = {
  pivot: 'pivot',
  pivotIdentifier: 'pivot_identifier',
  newColumn: 'new_col',
} as const;
