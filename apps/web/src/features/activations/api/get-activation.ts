import {
  ACTIVATIONS_API,
  activationRunListSchema,
  activationRunRecordPageSchema,
  activationRunSchema,
  activationSchema,
  type ActivationRecordStatus,
  type ActivationRun,
} from '@revlane/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { isRunActive } from '../lib/describe-activation';
import { activationsKeys } from './activations-keys';

/** How often a queued or running run is read again (docs/product.md §4: polling only then). */
export const ACTIVATION_RUN_POLL_MS = 1000;

/** `GET {main}/activations/{id}`: the definition and its last run. */
export const useActivation = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'main',
      path: ACTIVATIONS_API.activation(id),
      schema: activationSchema,
      queryKey: activationsKeys.detail(id),
      meta: { hideErrorToast: true },
    }),
  );

/** `GET {main}/activations/{id}/runs`: newest first; read again while one of them runs. */
export function useActivationRuns(id: string) {
  const query = defineGetQuery({
    service: 'main',
    path: ACTIVATIONS_API.runs(id),
    schema: activationRunListSchema,
    queryKey: activationsKeys.runs(id),
    meta: { hideErrorToast: true },
  });
  return useQuery({
    ...query.options(useApiClient('main')),
    refetchInterval: (current) =>
      current.state.data?.some(isRunActive) ? ACTIVATION_RUN_POLL_MS : false,
  });
}

/**
 * `GET {main}/activations/{id}/runs/{runId}`: read again until it has ended; then the
 * activation, its runs and the list are read again, for their counts and last run.
 */
export function useActivationRun(id: string, runId: string | undefined) {
  const query = defineGetQuery({
    service: 'main',
    path: ACTIVATIONS_API.run(id, runId ?? ''),
    schema: activationRunSchema,
    queryKey: activationsKeys.run(id, runId ?? ''),
    meta: { hideErrorToast: true },
  });
  const run = useQuery({
    ...query.options(useApiClient('main')),
    enabled: Boolean(runId),
    refetchInterval: (current) =>
      isRunActive(current.state.data) ? ACTIVATION_RUN_POLL_MS : false,
  });
  useRefreshWhenEnded(id, run.data);
  return run;
}

function useRefreshWhenEnded(id: string, run: ActivationRun | undefined) {
  const queryClient = useQueryClient();
  const wasActive = useRef(false);
  const isActive = isRunActive(run);
  useEffect(() => {
    if (wasActive.current && !isActive) {
      void Promise.all([
        // The run's key and its records' lie under the runs key: all read again.
        queryClient.invalidateQueries({ queryKey: activationsKeys.runs(id) }),
        queryClient.invalidateQueries({ queryKey: activationsKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: activationsKeys.list() }),
      ]);
    }
    wasActive.current = isActive;
  }, [id, isActive, queryClient]);
}

interface RunRecordsOptions {
  status?: ActivationRecordStatus;
  page?: number;
  /** Read only once the run has planned its change set (a dry run: once it has ended). */
  enabled?: boolean;
  /** Read again while the run sends, so each record's answer shows as it comes. */
  isRunActive?: boolean;
}

/** `GET {main}/activations/{id}/runs/{runId}/records?status=&page=`: a page of the run's log. */
export function useRunRecords(
  id: string,
  runId: string,
  { status, page = 1, enabled = true, isRunActive: isActive = false }: RunRecordsOptions = {},
) {
  const client = useApiClient('main');
  return useQuery({
    queryKey: activationsKeys.records(id, runId, status, page),
    queryFn: async ({ signal }) =>
      activationRunRecordPageSchema.parse(
        await client.get<unknown>(ACTIVATIONS_API.records(id, runId), {
          params: { status, page },
          signal,
        }),
      ),
    enabled,
    // Another outcome or page keeps the rows shown until its own arrive.
    placeholderData: keepPreviousData,
    refetchInterval: isActive ? ACTIVATION_RUN_POLL_MS : false,
    meta: { hideErrorToast: true },
  });
}
