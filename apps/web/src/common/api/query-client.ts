import { QUERY_STALE_TIME_MS } from '@revlane/contracts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Per-query switches read by the global error handler. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** The screen shows this error itself (e.g. inline), so no generic toast. */
  hideErrorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/**
 * docs/product.md §9 defaults: no retries, no refetch on window focus, no polling, fresh for 30 s.
 * `onError` receives every failed query and mutation that does not handle its own errors.
 */
export function createQueryClient(onError: (error: unknown) => void = () => undefined) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.hideErrorToast) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.hideErrorToast) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
}
