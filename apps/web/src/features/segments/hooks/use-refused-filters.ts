import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { segmentsKeys } from '../api/segments-keys';
import { refusedFilters } from '../lib/refused-filters';

/**
 * The filters the server refused for the table on screen, by their index in the view's list,
 * with its words: the chips show them as refused rather than applied. The table's rows or
 * groups query (the one with an observer, so the one shown) is read from the query cache, so
 * the chips need no wiring through the results.
 */
export function useRefusedFilters(segmentId: string): Map<number, string> {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const error = useSyncExternalStore(
    subscribe,
    () =>
      cache
        .findAll({ queryKey: segmentsKeys.data(segmentId), type: 'active' })
        .find((query) => query.state.status === 'error')?.state.error ?? null,
  );
  return useMemo(() => refusedFilters(error), [error]);
}
