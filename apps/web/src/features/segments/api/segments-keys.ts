/** Query keys of the segments feature. */
export const segmentsKeys = {
  all: ['segments'] as const,
  mine: () => [...segmentsKeys.all, 'mine'] as const,
  detail: (segmentId: string) => [...segmentsKeys.all, 'detail', segmentId] as const,
  /** Prefix of every data and groups page of a segment: saving settings invalidates them. */
  data: (segmentId: string) => [...segmentsKeys.all, 'data', segmentId] as const,
  dataPage: (segmentId: string, query: Record<string, string>) =>
    [...segmentsKeys.data(segmentId), 'rows', query] as const,
  groupsPage: (segmentId: string, query: Record<string, string>) =>
    [...segmentsKeys.data(segmentId), 'groups', query] as const,
  columns: (table: string) => [...segmentsKeys.all, 'columns', table] as const,
  filterCatalogue: () => [...segmentsKeys.all, 'filter-catalogue'] as const,
  /** The latest mapping publish run, for the banner while one runs (ADR 0019). */
  publishRun: () => [...segmentsKeys.all, 'publish-run'] as const,
};
