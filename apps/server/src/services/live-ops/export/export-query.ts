import type { FieldError } from '@revlane/contracts';
import { badRequest } from '../../../platform/errors/http-error.js';
import {
  compileSegmentQuery,
  isSegmentQueryError,
  type Dialect,
  type SegmentQueryInput,
} from '../../../warehouse/index.js';
import { parseSortBy, segmentListQuerySchema, type ExportListQuery } from '../data/data-query.js';
import { toQueryInput } from '../data/segment-query.js';
import type { SegmentRecord } from '../segments/segments.repository.js';

const KEYS = [
  'columns',
  'filters',
  'search',
  'sortBy',
  'pivot',
  'pivot_identifier',
  'cohort',
] as const;

/** The query a ticket is bound to, the same text whichever order or empty parts it came with. */
export function canonicalExportQuery(query: ExportListQuery): string {
  return JSON.stringify(KEYS.map((key) => [key, query[key] || null]));
}

/**
 * The export's compiler input, checked now: a bad query is a 400 naming the field (under
 * `prefix`: `body` when the ticket is asked for, `query` on the export itself).
 */
export function resolveExportInput(
  orgId: string,
  segment: SegmentRecord,
  query: ExportListQuery,
  dialect: Dialect,
  prefix: 'body' | 'query',
): SegmentQueryInput {
  const { sortBy, pivot, pivot_identifier: pivotIdentifier, cohort: _cohort, ...rest } = query;
  if (!pivot && pivotIdentifier) {
    throw badRequest('The export query is invalid', [
      { path: `${prefix}.pivot`, message: 'Give pivot together with pivot_identifier' },
    ]);
  }
  const parsed = segmentListQuerySchema.omit({ sortBy: true }).safeParse(rest);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw badRequest('The export query is invalid', errors);
  }
  const groupBy = pivot ? [pivot, pivotIdentifier].filter((name) => name !== undefined) : [];
  const input = toQueryInput(orgId, segment, {
    ...parsed.data,
    sortBy: parseSortBy(sortBy),
    groupBy,
  });
  try {
    compileSegmentQuery(input, dialect);
  } catch (error) {
    if (!isSegmentQueryError(error)) throw error;
    const errors = error.issues.map((issue) => ({
      path: `${prefix}.${issue.path === 'groupBy' ? 'pivot' : issue.path}`,
      message: issue.message,
    }));
    throw badRequest('The export query is invalid', errors);
  }
  return input;
}
