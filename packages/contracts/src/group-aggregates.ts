import { z } from 'zod';
import type { DataType } from './data-types.js';

/**
 * What a grouped view shows of each numeric column (docs/product.md §5.3): one
 * aggregate per column, chosen in the grouping settings, else the default of its kind.
 */
export const GROUP_AGGREGATES = ['count', 'sum', 'min', 'max', 'avg', 'median'] as const;
export const groupAggregateSchema = z.enum(GROUP_AGGREGATES);
export type GroupAggregate = z.infer<typeof groupAggregateSchema>;

/** How people read an aggregate, in headers, the settings and the export. */
export const GROUP_AGGREGATE_LABELS: Record<GroupAggregate, string> = {
  count: 'Count',
  sum: 'Sum',
  min: 'Min',
  max: 'Max',
  avg: 'Average',
  median: 'Median',
};

/**
 * What a column is a measure of, when adding its values up says nothing: a percentage or a
 * score is averaged in groups, never summed.
 */
export const COLUMN_UNITS = ['percent', 'score'] as const;
export const columnUnitSchema = z.enum(COLUMN_UNITS);
export type ColumnUnit = z.infer<typeof columnUnitSchema>;

interface AggregatedColumn {
  dataType: DataType;
  unit?: ColumnUnit | undefined;
}

const AMOUNT_AGGREGATES: readonly GroupAggregate[] = GROUP_AGGREGATES;
/** A sum of percentages (or scores) is no number anyone can read. */
const RATIO_AGGREGATES: readonly GroupAggregate[] = ['count', 'min', 'max', 'avg', 'median'];

/** The aggregates that fit a column: none for anything but numbers. */
export function aggregatesFor(column: AggregatedColumn): readonly GroupAggregate[] {
  if (column.dataType !== 'numeric') return [];
  return column.unit ? RATIO_AGGREGATES : AMOUNT_AGGREGATES;
}

/** Counts and money add up; percentages and scores average. Null: not aggregated. */
export function defaultAggregate(column: AggregatedColumn): GroupAggregate | null {
  if (column.dataType !== 'numeric') return null;
  return column.unit ? 'avg' : 'sum';
}

/** The header of each group's number of records, on the screen and in the export. */
export const GROUP_COUNT_HEADER = 'Records';

/** The header of an aggregated column, the same on the screen and in the export. */
export function aggregateHeader(label: string, aggregate: GroupAggregate): string {
  return `${GROUP_AGGREGATE_LABELS[aggregate]} of ${label}`;
}

/**
 * Averages are rounded half away from zero to this many decimals, exactly (from the exact sum
 * and count): the two decimals a money cell shows.
 */
export const AVERAGE_DECIMALS = 2;
