import { z } from 'zod';
import { baseTableSchema } from './segment-data.js';
import {
  FILTER_OPERATORS,
  filterOperatorSchema,
  filterItemSchema,
  OPERATOR_VALUE_SCHEMAS,
  OPERATORS_BY_DATA_TYPE,
  type FilterOperator,
  type OperatorValueKind,
} from './filters.js';
import { DATA_TYPES, dataTypeSchema, type DataType } from './data-types.js';
import { groupAggregateSchema } from './group-aggregates.js';

export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_DESCRIPTION_MAX = 500;
export const SEGMENT_COLUMNS_MAX = 60;
export const SEGMENT_SORTS_MAX = 3;
/** Conditions of a segment's base filter set (its definition); the same bound as a cohort's. */
export const SEGMENT_FILTERS_MAX = 20;

const columnNameSchema = z.string().min(1).max(200);
export const sortInfoSchema = z.object({ field: columnNameSchema, isDescending: z.boolean() });

/**
 * Grouping of a segment: `pivot` column, and `pivot_identifier` when grouping by two.
 * `aggregates`: the aggregate chosen per numeric column (by name); a column without one shows
 * the default of its kind (`defaultAggregate`). Applies whatever the view is grouped by.
 */
export const segmentGroupingSchema = z.object({
  pivot: columnNameSchema.nullable(),
  pivotIdentifier: columnNameSchema.nullable(),
  aggregates: z
    .record(columnNameSchema, groupAggregateSchema)
    .refine((choices) => Object.keys(choices).length <= SEGMENT_COLUMNS_MAX, {
      message: `Choose aggregates for at most ${SEGMENT_COLUMNS_MAX} columns`,
    })
    .optional(),
});
export type SegmentGrouping = z.infer<typeof segmentGroupingSchema>;

/**
 * `GET segments/{id}`: the segment with its settings. `status` is `preparing` until the
 * organization's first data load has finished (the page then shows ERROR_TEXTS.preparing).
 */
export const segmentDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  baseTable: baseTableSchema,
  disabled: z.boolean(),
  /**
   * The segment's base filter set (its definition; empty: every record of the base table).
   * Applied to its data, counts, exports, cohorts and trends; versioned like a cohort's.
   */
  filters: z.array(filterItemSchema),
  columns: z.array(columnNameSchema),
  grouping: segmentGroupingSchema,
  sorting: z.array(sortInfoSchema),
  status: z.enum(['ready', 'preparing']),
  updatedAt: z.string(),
});
export type SegmentDetail = z.infer<typeof segmentDetailSchema>;

/** `PATCH segments/{id}`: any subset of the settings; unknown columns are a 400 naming them. */
export const updateSegmentBodySchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(SEGMENT_NAME_MAX, `A name has at most ${SEGMENT_NAME_MAX} characters`),
    description: z.string().trim().max(SEGMENT_DESCRIPTION_MAX),
    filters: z.array(filterItemSchema).max(SEGMENT_FILTERS_MAX),
    columns: z.array(columnNameSchema).min(1).max(SEGMENT_COLUMNS_MAX),
    grouping: segmentGroupingSchema,
    sorting: z.array(sortInfoSchema).max(SEGMENT_SORTS_MAX),
    disabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type UpdateSegmentBody = z.infer<typeof updateSegmentBodySchema>;

/** `GET segments/{id}/data` while the first load runs: HTTP 202 with this body. */
export const segmentPreparingSchema = z.object({ status: z.literal('preparing') });

/** `GET segments/filters`: every operator with its help, and which fit each data type. */
export const filterCatalogueSchema = z.object({
  operators: z.array(
    z.object({
      id: filterOperatorSchema,
      label: z.string(),
      help: z.string(),
      value: z.enum(
        Object.keys(OPERATOR_VALUE_SCHEMAS) as [OperatorValueKind, ...OperatorValueKind[]],
      ),
    }),
  ),
  dataTypes: z.array(
    z.object({ id: dataTypeSchema, help: z.string(), operators: z.array(filterOperatorSchema) }),
  ),
});
export type FilterCatalogue = z.infer<typeof filterCatalogueSchema>;

/** The catalogue as the contracts define it; the server answers exactly this. */
export function buildFilterCatalogue(): FilterCatalogue {
  return {
    operators: (Object.keys(FILTER_OPERATORS) as FilterOperator[]).map((id) => ({
      id,
      ...FILTER_OPERATORS[id],
    })),
    dataTypes: (Object.keys(DATA_TYPES) as DataType[]).map((id) => ({
      id,
      help: DATA_TYPES[id],
      operators: [...OPERATORS_BY_DATA_TYPE[id]],
    })),
  };
}

/**
 * `POST segments/{id}/export-tickets` (docs/architecture.md §4.5): body = the list query the export is for
 * (as `serializeListParams` writes it, without page/perPage; with `pivot` when grouped, and
 * `cohort` on a cohort's page). The ticket is single-use, lives
 * 60 s and is bound to user, organization, segment and exactly that query; the SPA then opens
 * `segments/{id}/export?<same query>&token=<ticket>`.
 */
export const exportTicketBodySchema = z.strictObject({
  search: z.string().max(200).optional(),
  sortBy: z.string().max(1000).optional(),
  filters: z.string().max(100_000).optional(),
  columns: z.string().max(20_000).optional(),
  /** A grouped view exports its groups (what the screen shows), not the records. */
  pivot: z.string().max(200).optional(),
  pivot_identifier: z.string().max(200).optional(),
  /** On a cohort's page: the file is named after the cohort (it must be of this segment). */
  cohort: z.string().max(100).optional(),
  /**
   * With `cohort` and `since`: only the records that entered (or left) the cohort since that
   * day, as its Entered / Left lists show them (ADR 0013).
   */
  changes: z.enum(['entered', 'left']).optional(),
  since: z.string().max(40).optional(),
});
export const exportTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export const EXPORT_TICKET_TTL_SECONDS = 60;
/**
 * Query parameters of the export URL besides the list query (docs/product.md §7): the ticket, and the
 * impersonated user while a support user acts as one (the ticket is bound to that user).
 */
export const EXPORT_URL_PARAMS = {
  token: 'token',
  impersonatedUser: 'impersonate_user_id',
} as const;
