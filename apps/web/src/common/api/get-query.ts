import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient, type ServiceName } from './api-clients-context';

/** Anything that checks an unknown answer into `T`: the contracts' zod schemas. */
interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/**
 * One `GET` of a backend service: where it is asked, how its answer is checked, where it is
 * cached. The freshness fields override the docs/product.md §9 defaults only where a read
 * needs its own rule (docs/product.md §4).
 */
export interface GetQueryDefinition<T, K extends QueryKey> {
  /** Not `app`: its answers have no `data` envelope to unwrap. */
  service: Exclude<ServiceName, 'app'>;
  path: string;
  schema: AnswerSchema<T>;
  queryKey: K;
  staleTime?: number;
  refetchOnMount?: boolean | 'always';
  /** `{ hideErrorToast: true }` for a read whose panel shows its own error. */
  meta?: Record<string, unknown>;
}

/**
 * The shape every read of the features' `api/get-*.ts` shares: the answer is parsed against its
 * contract schema before a screen sees it, so a server drifting from the contract fails loudly.
 */
export function defineGetQuery<T, K extends QueryKey>({
  service,
  path,
  schema,
  ...cacheOptions
}: GetQueryDefinition<T, K>) {
  return {
    service,
    /** The query's options for a client of `service` (for hooks, prefetching and tests). */
    options: (client: ApiClient) =>
      queryOptions({
        ...cacheOptions,
        queryFn: async ({ signal }) => schema.parse(await client.get<unknown>(path, { signal })),
      }),
  };
}

export type GetQuery<T, K extends QueryKey> = ReturnType<typeof defineGetQuery<T, K>>;

/** Runs a defined read with the signed-in user's client of its service. */
export function useGetQuery<T, K extends QueryKey>(query: GetQuery<T, K>) {
  return useQuery(query.options(useApiClient(query.service)));
}
