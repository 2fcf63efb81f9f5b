import type { FieldError } from '@revlane/contracts';
import { badRequest } from '../../../platform/errors/http-error.js';
import {
  compileSegmentQuery,
  isSegmentQueryError,
  type CohortChangesScope,
  type Dialect,
  type OrgCatalogue,
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
  'changes',
  'since',
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
  catalogue: OrgCatalogue,
  /** Who "me" is on an owner's email (ADR 0032): the user the ticket was issued to. */
  viewerEmail: string | null,
): SegmentQueryInput {
  const { sortBy, pivot, pivot_identifier: pivotIdentifier, cohort, changes, since } = query;
  const { search, filters, columns } = query;
  const rest = { search, filters, columns };
  if (!pivot && pivotIdentifier) {
    throw badRequest('The export query is invalid', [
      { path: `${prefix}.pivot`, message: 'Give pivot together with pivot_identifier' },
    ]);
  }
  const changesOf = changes ? changesScope(cohort, changes, since, prefix) : undefined;
  const parsed = segmentListQuerySchema.omit({ sortBy: true }).safeParse(rest);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw badRequest('The export query is invalid', errors);
  }
  const groupBy = pivot ? [pivot, pivotIdentifier].filter((name) => name !== undefined) : [];
  const input = toQueryInput(
    orgId,
    segment,
    {
      ...parsed.data,
      sortBy: parseSortBy(sortBy),
      // A cohort's Entered / Left list is exported as records, never grouped (ADR 0013).
      groupBy: changesOf ? [] : groupBy,
    },
    viewerEmail,
  );
  if (changesOf) input.changesOf = changesOf;
  try {
    // Checked against the organization's catalogue (ADR 0026); the reader compiles again.
    compileSegmentQuery({ ...input, catalogue }, dialect);
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

/** `changes` needs the cohort and a valid `since`: a 400 naming the missing part otherwise. */
function changesScope(
  cohortId: string | undefined,
  change: 'entered' | 'left',
  since: string | undefined,
  prefix: 'body' | 'query',
): CohortChangesScope {
  const sinceMs = since ? Date.parse(since) : Number.NaN;
  if (!cohortId || Number.isNaN(sinceMs)) {
    const path = `${prefix}.${cohortId ? 'since' : 'cohort'}`;
    throw badRequest('The export query is invalid', [
      { path, message: 'An export of who entered or left names the cohort and a since date' },
    ]);
  }
  return { cohortId, change, since: sinceMs };
}
