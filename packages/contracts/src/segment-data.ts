import { z } from 'zod';
import { dataTypeSchema } from './data-types.js';
import { columnUnitSchema, groupAggregateSchema } from './group-aggregates.js';

/** The base tables a segment can show (docs/architecture.md §5.1): one row per account or per user. */
export const BASE_TABLES = ['accounts', 'users'] as const;
export const baseTableSchema = z.enum(BASE_TABLES);
export type BaseTable = z.infer<typeof baseTableSchema>;

/**
 * One entry of a base table's column catalogue (docs/architecture.md §5.2): stored attributes and
 * computed columns (`computed: true`, materialised after each load).
 */
export const columnSchema = z.object({
  name: z.string(),
  label: z.string(),
  dataType: dataTypeSchema,
  /** The option list of enum and boolean columns (docs/product.md §5), in display order. */
  options: z.array(z.string()).optional(),
  /** `options` as people read them (`at_risk` → 'At risk'); filters keep the stored values. */
  optionLabels: z.record(z.string(), z.string()).optional(),
  /** ISO 4217 code of a money column: shown in that currency with two decimals. */
  currency: z.string().length(3).optional(),
  /** A percentage or a score: averaged in groups, never summed (group-aggregates.ts). */
  unit: columnUnitSchema.optional(),
  /**
   * Whether "Group by" offers the column: few distinct values (enums, booleans), never ids,
   * names, emails, links, amounts or instants (ADR 0013).
   */
  groupable: z.boolean().optional(),
  description: z.string(),
  computed: z.boolean(),
});
export type SegmentColumn = z.infer<typeof columnSchema>;

/** `GET segments/tables/{table}/columns`. */
export const columnListSchema = z.array(columnSchema);

/**
 * A cell as both warehouse engines return it: numbers for numeric columns, ISO strings for
 * timestamps, booleans, text, a list of daily numbers for timeseries columns, and the items
 * of a list column (text, or integers with a big one as its text, items may be null;
 * docs/architecture.md §5.5).
 */
export const cellValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.null()])),
]);
export type CellValue = z.infer<typeof cellValueSchema>;

/** A row keyed by column name; `id` is always present so the table can key its rows. */
export const segmentRowSchema = z.record(z.string(), cellValueSchema);
export type SegmentRow = z.infer<typeof segmentRowSchema>;

/** `GET segments/{id}/data` (docs/architecture.md §5.4). */
export const segmentDataPageSchema = z.object({
  rows: z.array(segmentRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  columns: z.array(columnSchema),
});
export type SegmentDataPage = z.infer<typeof segmentDataPageSchema>;

/**
 * One group of a grouped segment: the value of the `pivot` column, of the
 * `pivot_identifier` column when grouping by two, the number of records, and the aggregate
 * of each numeric column shown (keyed by column name; the page's `aggregates` say which).
 */
export const segmentGroupSchema = z.object({
  pivot: cellValueSchema,
  pivot_identifier: cellValueSchema.optional(),
  count: z.number().int().min(0),
  values: z.record(z.string(), z.number().nullable()),
});
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;

/** An aggregated column of a grouped view, with its header as the screen and export show it. */
export const groupAggregateColumnSchema = z.object({
  column: z.string(),
  aggregate: groupAggregateSchema,
  header: z.string(),
});
export type GroupAggregateColumn = z.infer<typeof groupAggregateColumnSchema>;

/** `GET segments/{id}/data?pivot=…[&pivot_identifier=…]`: a page of groups. */
export const segmentGroupsPageSchema = z.object({
  groups: z.array(segmentGroupSchema),
  /** Number of groups (not records). */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  pivot: z.string(),
  pivotIdentifier: z.string().nullable(),
  /** The aggregated columns, in the order shown after the group columns and "Records". */
  aggregates: z.array(groupAggregateColumnSchema),
  /** The columns shown, and the group columns (their labels and options) when not shown. */
  columns: z.array(columnSchema),
});
export type SegmentGroupsPage = z.infer<typeof segmentGroupsPageSchema>;
