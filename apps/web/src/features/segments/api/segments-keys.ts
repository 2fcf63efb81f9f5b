import { sharedKeys } from '@/common/queries';

/**
 * Query keys of the segments feature. The segment list, a segment and a column catalogue are
 * read by other features too: their keys (and queries) are in `common/queries`.
 */
export const segmentsKeys = {
  all: ['segments'] as const,
  mine: sharedKeys.mySegments,
  detail: sharedKeys.segment,
  /** Prefix of every data and groups page of a segment: saving settings invalidates them. */
  data: (segmentId: string) => [...segmentsKeys.all, 'data', segmentId] as const,
  dataPage: (segmentId: string, query: Record<string, string>) =>
    [...segmentsKeys.data(segmentId), 'rows', query] as const,
  groupsPage: (segmentId: string, query: Record<string, string>) =>
    [...segmentsKeys.data(segmentId), 'groups', query] as const,
  filterCatalogue: () => [...segmentsKeys.all, 'filter-catalogue'] as const,
  dependents: (segmentId: string) => [...segmentsKeys.all, 'dependents', segmentId] as const,
};
