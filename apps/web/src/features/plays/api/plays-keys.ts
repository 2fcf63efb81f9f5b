/** Query keys of the plays feature. */
export const playsKeys = {
  all: ['plays'] as const,
  list: () => [...playsKeys.all, 'list'] as const,
  detail: (id: string) => [...playsKeys.all, 'detail', id] as const,
  runs: (id: string) => [...playsKeys.all, 'runs', id] as const,
  run: (id: string, runId: string) => [...playsKeys.runs(id), runId] as const,
  /** What the editors offer: segments, a segment's cohorts and columns, Slack channels. */
  segments: () => [...playsKeys.all, 'segments'] as const,
  segment: (segmentId: string) => [...playsKeys.all, 'segment', segmentId] as const,
  cohorts: (segmentId: string) => [...playsKeys.all, 'cohorts', segmentId] as const,
  sampleRecord: (segmentId: string) => [...playsKeys.all, 'sample', segmentId] as const,
  slackChannels: () => [...playsKeys.all, 'slack-channels'] as const,
};
