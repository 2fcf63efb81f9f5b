import { playRunDetailSchema, playRunListSchema, playSchema, PLAYS_API } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { playsKeys } from './plays-keys';

/** `GET {main}/plays/{id}`: one play's definition and last run. */
export const usePlay = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'main',
      path: PLAYS_API.play(id),
      schema: playSchema,
      queryKey: playsKeys.detail(id),
      meta: { hideErrorToast: true },
    }),
  );

/** `GET {main}/plays/{id}/runs`: newest first, with their counts. */
export const usePlayRuns = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'main',
      path: PLAYS_API.runs(id),
      schema: playRunListSchema,
      queryKey: playsKeys.runs(id),
      meta: { hideErrorToast: true },
    }),
  );

/** `GET {main}/plays/{id}/runs/{runId}`: per record and action, read once a run is opened. */
export function usePlayRun(id: string, runId: string | undefined) {
  const query = defineGetQuery({
    service: 'main',
    path: PLAYS_API.run(id, runId ?? ''),
    schema: playRunDetailSchema,
    queryKey: playsKeys.run(id, runId ?? ''),
    meta: { hideErrorToast: true },
  });
  return useQuery({ ...query.options(useApiClient('main')), enabled: Boolean(runId) });
}
