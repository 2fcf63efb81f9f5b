import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSegmentView, toSearchParams, type SegmentView } from '../lib/list-query';
import { useKeptView } from './use-kept-view';

/**
 * The table's view lives in the URL query, so a link or a reload reproduces it. Changing
 * anything but the page starts again at page 1. `replace` rewrites the current history entry
 * (e.g. a cohort's own filters filled in on arrival), so Back does not return to the URL
 * without them. With `keepFor` (a segment's own page, not a cohort's), the view is also kept
 * per segment in the local settings and restored when the URL has none (ADR 0013).
 */
export function useSegmentView(keepFor?: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { isRestoring, keep } = useKeptView(keepFor);
  const view = useMemo(() => parseSegmentView(searchParams), [searchParams]);
  const updateView = useCallback(
    (changes: Partial<SegmentView>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const previous = parseSegmentView(current);
          const next = toSearchParams({ ...previous, page: 1, ...changes });
          keep(next);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, keep],
  );
  return { view, updateView, isRestoring };
}
