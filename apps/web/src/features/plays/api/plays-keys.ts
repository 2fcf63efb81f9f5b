/** Query keys of the plays feature. */
export const playsKeys = {
  all: ['plays'] as const,
  list: () => [...playsKeys.all, 'list'] as const,
  detail: (id: string) => [...playsKeys.all, 'detail', id] as const,
  runs: (id: string) => [...playsKeys.all, 'runs', id] as const,
  run: (id: string, runId: string) => [...playsKeys.runs(id), runId] as const,
  /**
   * The editor's sample record. What the editors offer besides (segments, cohorts, columns,
   * Slack channels) is read through the owning features' queries in `common/queries`.
   */
  sampleRecord: (segmentId: string) => [...playsKeys.all, 'sample', segmentId] as const,
};
