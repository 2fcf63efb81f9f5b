import type { ActivationRecordStatus } from '@revlane/contracts';

/** Query keys of the activations feature. */
export const activationsKeys = {
  all: ['activations'] as const,
  list: () => [...activationsKeys.all, 'list'] as const,
  detail: (id: string) => [...activationsKeys.all, 'detail', id] as const,
  runs: (id: string) => [...activationsKeys.all, 'runs', id] as const,
  run: (id: string, runId: string) => [...activationsKeys.runs(id), runId] as const,
  /** Under its run's key: reading the run again reads its records again too. */
  records: (id: string, runId: string, status: ActivationRecordStatus | undefined, page: number) =>
    [...activationsKeys.run(id, runId), 'records', status ?? 'all', page] as const,
  objects: (provider: string) => [...activationsKeys.all, 'destinations', provider] as const,
  fields: (provider: string, object: string) =>
    [...activationsKeys.objects(provider), object] as const,
};
