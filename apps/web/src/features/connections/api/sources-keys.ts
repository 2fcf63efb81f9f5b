import { sharedKeys } from '@/common/queries';

/** Query keys of the connections feature. */
export const sourcesKeys = {
  all: ['sources'] as const,
  list: () => [...sourcesKeys.all, 'list'] as const,
  /** Everything read through one source (its tables and previews). */
  ofSource: (sourceId: string) => [...sourcesKeys.all, 'of', sourceId] as const,
  tables: (sourceId: string) => [...sourcesKeys.ofSource(sourceId), 'tables'] as const,
  preview: (sourceId: string, table: string) =>
    [...sourcesKeys.ofSource(sourceId), 'preview', table] as const,
  /** What deleting the source would break (ADR 0006). */
  dependents: (sourceId: string) => [...sourcesKeys.ofSource(sourceId), 'dependents'] as const,
  sync: (syncId: string) => [...sourcesKeys.all, 'sync', syncId] as const,
  /** The organization's mapping (ADR 0019, read by segment pages too) and its publish runs. */
  mapping: sharedKeys.mapping,
  mappingRun: (runId: string) => [...sourcesKeys.mapping(), 'run', runId] as const,
};
