/** Query keys of the alerts feature. */
export const alertsKeys = {
  all: ['alerts'] as const,
  lists: () => [...alertsKeys.all, 'list'] as const,
  list: () => [...alertsKeys.lists(), 'all'] as const,
  segmentList: (segmentId: string) => [...alertsKeys.lists(), 'segment', segmentId] as const,
  detail: (id: string) => [...alertsKeys.all, 'detail', id] as const,
  firings: (id: string) => [...alertsKeys.all, 'firings', id] as const,
  inbox: () => [...alertsKeys.all, 'inbox'] as const,
  // What the form offers (segments, cohorts, Slack channels) is read through the owning
  // features' queries in `common/queries`.
};
