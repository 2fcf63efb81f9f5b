import { z } from 'zod';
import type { DataType } from './data-types.js';

/** How an operator's value is shaped; the filter compiler and the filter builder both read it. */
export type OperatorValueKind =
  | 'none'
  | 'scalar'
  | 'number'
  | 'number-range'
  | 'text'
  | 'boolean'
  | 'list'
  | 'date'
  | 'date-range'
  | 'days';

interface OperatorDefinition {
  label: string;
  help: string;
  value: OperatorValueKind;
}

/**
 * The 18 filter operators of docs/product.md §5 and the three relative-date ones added beside
 * them (§5.1), defined once for web and server.
 */
export const FILTER_OPERATORS = {
  eq: { label: 'equals', help: 'Check if data equals the value.', value: 'scalar' },
  lt: { label: 'less than', help: 'Check if data is less than the value.', value: 'number' },
  lte: {
    label: 'less than or equal',
    help: 'Check if data is less than or equal to the value.',
    value: 'number',
  },
  gt: { label: 'greater than', help: 'Check if data is greater than the value.', value: 'number' },
  gte: {
    label: 'greater than or equal',
    help: 'Check if data is greater than or equal to the value.',
    value: 'number',
  },
  between_n: {
    label: 'between',
    help: 'Check if data lies between two numbers (both included).',
    value: 'number-range',
  },
  null: { label: 'is blank', help: 'Check if data is blank/null.', value: 'none' },
  not_null: { label: 'is not blank', help: 'Check if data is not blank/null.', value: 'none' },
  is: { label: 'is', help: 'Check if data is True or False.', value: 'boolean' },
  contains: { label: 'contains', help: 'Check if data contains the text.', value: 'text' },
  not_contains: {
    label: 'does not contain',
    help: 'Check if data does not contain the text.',
    value: 'text',
  },
  includes: { label: 'is any of', help: 'Check if data is one of the values.', value: 'list' },
  excludes: { label: 'is none of', help: 'Check if data is none of the values.', value: 'list' },
  before: { label: 'before', help: 'Check if the date is before the given day.', value: 'date' },
  after: { label: 'after', help: 'Check if the date is after the given day.', value: 'date' },
  between: {
    label: 'between dates',
    help: 'Check if the date lies between two days (both included).',
    value: 'date-range',
  },
  on: { label: 'on', help: 'Check if the date falls on the given day.', value: 'date' },
  none: { label: 'any value', help: 'No condition: every record matches.', value: 'none' },
  // Relative dates (docs/product.md §5.1): whole UTC days counted from the day the filter is
  // evaluated on — today for a page, the snapshot's day for a cohort, each day of a trend.
  last_n_days: {
    label: 'in the last N days',
    help: 'Check if the date lies in the last N days or today.',
    value: 'days',
  },
  older_than_n_days: {
    label: 'more than N days ago',
    help: 'Check if the date is more than N days before today.',
    value: 'days',
  },
  next_n_days: {
    label: 'in the next N days',
    help: 'Check if the date lies today or in the next N days.',
    value: 'days',
  },
} as const satisfies Record<string, OperatorDefinition>;

export type FilterOperator = keyof typeof FILTER_OPERATORS;
export const filterOperatorSchema = z.enum(
  Object.keys(FILTER_OPERATORS) as [FilterOperator, ...FilterOperator[]],
);

const TEXT_OPERATORS: FilterOperator[] = ['eq', 'contains', 'not_contains', 'includes', 'excludes'];
const BLANK_OPERATORS: FilterOperator[] = ['null', 'not_null', 'none'];

/** Which operators make sense for which data type. */
export const OPERATORS_BY_DATA_TYPE: Record<DataType, readonly FilterOperator[]> = {
  string: [...TEXT_OPERATORS, ...BLANK_OPERATORS],
  email: [...TEXT_OPERATORS, ...BLANK_OPERATORS],
  link: ['eq', 'contains', 'not_contains', ...BLANK_OPERATORS],
  numeric: ['eq', 'lt', 'lte', 'gt', 'gte', 'between_n', ...BLANK_OPERATORS],
  timestamp: [
    'before',
    'after',
    'between',
    'on',
    'last_n_days',
    'older_than_n_days',
    'next_n_days',
    ...BLANK_OPERATORS,
  ],
  boolean: ['is', ...BLANK_OPERATORS],
  enum: ['eq', 'includes', 'excludes', ...BLANK_OPERATORS],
  // contains: holds this value; includes: holds any of them; excludes: holds none of them.
  list: ['contains', 'includes', 'excludes', ...BLANK_OPERATORS],
  timeseries: ['none'],
  default: ['eq', ...BLANK_OPERATORS],
};

export function isOperatorAllowed(dataType: DataType, operator: FilterOperator): boolean {
  return OPERATORS_BY_DATA_TYPE[dataType].includes(operator);
}

const DATE_PROBLEM = 'Enter a day as YYYY-MM-DD';
const isoDate = z.union(
  [z.iso.date({ error: DATE_PROBLEM }), z.iso.datetime({ offset: true, error: DATE_PROBLEM })],
  { error: DATE_PROBLEM },
);
const VALUE_MAX = 1000;
/** A hundred years: the longest relative-date window. */
export const RELATIVE_DAYS_MAX = 36_500;
const valueText = z.string().max(VALUE_MAX, `A value has at most 1,000 characters`);
const number = z.number({ error: 'Enter a number' }).finite('Enter a number');

/**
 * The value schema for each kind; the compiler validates every filter against it. Messages
 * are sentences a user understands (the compiler puts the column's label before them).
 */
export const OPERATOR_VALUE_SCHEMAS: Record<OperatorValueKind, z.ZodType> = {
  none: z.union([z.null(), z.undefined(), z.literal('')], {
    error: 'This condition takes no value',
  }),
  scalar: z.union([valueText, number], { error: 'Enter a text or a number' }),
  number,
  'number-range': z
    .tuple([number, number], { error: 'Enter two numbers' })
    .refine(([low, high]) => low <= high, 'The first number must not exceed the second'),
  text: z
    .string({ error: 'Enter a text' })
    .min(1, 'Enter a text')
    .max(VALUE_MAX, 'A text has at most 1,000 characters'),
  boolean: z.boolean({ error: 'Choose True or False' }),
  list: z
    .array(z.union([valueText, number], { error: 'Each value is a text or a number' }), {
      error: 'Pick at least one value',
    })
    .min(1, 'Pick at least one value')
    .max(VALUE_MAX, 'Pick at most 1,000 values'),
  date: isoDate,
  'date-range': z
    .tuple([isoDate, isoDate], { error: 'Enter two days' })
    .refine(([from, to]) => from <= to, 'The first date must not be after the second'),
  days: z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Enter at least 1 day')
    .max(RELATIVE_DAYS_MAX, 'Enter at most 36,500 days'),
};

/** Segment table filter (docs/product.md §3): field, operator, value. */
export const segmentFilterSchema = z.object({
  field: z.string().min(1).max(200),
  operator: filterOperatorSchema,
  value: z.unknown().optional(),
});
export type SegmentFilter = z.infer<typeof segmentFilterSchema>;

/** Checks a filter's value against its operator; returns the problem text or null. */
export function describeFilterValueProblem(filter: SegmentFilter): string | null {
  const kind = FILTER_OPERATORS[filter.operator].value;
  const result = OPERATOR_VALUE_SCHEMAS[kind].safeParse(filter.value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** Conditions in one group; a filter list holds at most as many items (cohorts, segments). */
export const FILTER_GROUP_MAX = 20;

/**
 * A group of filters inside a filter list (docs/product.md §5.2): `any` matches a record that
 * matches at least one of them, `all` one that matches each. One level only: a group holds
 * plain filters.
 */
export const filterGroupSchema = z.object({
  match: z.enum(['any', 'all']),
  filters: z.array(segmentFilterSchema).min(1).max(FILTER_GROUP_MAX),
});
export type FilterGroup = z.infer<typeof filterGroupSchema>;

/** An item of a filter list: a filter, or a group of filters. */
export const filterItemSchema = z.union([segmentFilterSchema, filterGroupSchema]);
export type FilterItem = SegmentFilter | FilterGroup;

export function isFilterGroup(item: FilterItem): item is FilterGroup {
  return 'match' in item && Array.isArray(item.filters);
}

/** Every plain filter of a list, groups opened (which columns a list reads, and the like). */
export function flattenFilters(items: readonly FilterItem[]): SegmentFilter[] {
  return items.flatMap((item) => (isFilterGroup(item) ? item.filters : [item]));
}

/**
 * Whether two filter lists mean the same, order included (it is how the user built them).
 * Compared field by field in a fixed order: jsonb does not keep the key order a client sent.
 */
export function isSameFilters(a: readonly FilterItem[], b: readonly FilterItem[]): boolean {
  const filter = ({ field, operator, value }: SegmentFilter) => [field, operator, value ?? null];
  const canonical = (items: readonly FilterItem[]) =>
    JSON.stringify(
      items.map((item) =>
        isFilterGroup(item) ? [item.match, item.filters.map(filter)] : filter(item),
      ),
    );
  return canonical(a) === canonical(b);
}
