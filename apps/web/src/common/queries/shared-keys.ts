/**
 * Keys of the reads that more than one feature shows (docs/architecture.md §8: features never
 * import each other, so what several of them read is defined once here). Each key sits under
 * the prefix of the feature that owns the data, and that feature's key factory re-exports it:
 * the owner's invalidations, its whole prefix included, refresh every reader.
 */
export const sharedKeys = {
  /** Owner: segments. */
  mySegments: () => ['segments', 'mine'] as const,
  segment: (segmentId: string) => ['segments', 'detail', segmentId] as const,
  columns: (table: string) => ['segments', 'columns', table] as const,
  /** Owner: cohorts. */
  segmentCohorts: (segmentId: string) => ['cohorts', 'list', segmentId] as const,
  /** Owner: profile. */
  slackChannels: () => ['profile', 'slack-channels'] as const,
  /** Owner: connections. */
  mapping: () => ['mapping'] as const,
};
