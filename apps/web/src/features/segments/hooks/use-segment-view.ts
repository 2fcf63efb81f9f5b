import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSegmentView, toSearchParams, type SegmentView } from '../lib/list-query';

/**
 * The table's view lives in the URL query, so a link or a reload reproduces it. Changing
 * anything but the page starts again at page 1. `replace` rewrites the current history entry
 * (e.g. a cohort's own filters filled in on arrival), so Back does not return to the URL
 * without them.
 */
export function useSegmentView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseSegmentView(searchParams), [searchParams]);
  const updateView = useCallback(
    (changes: Partial<SegmentView>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const previous = parseSegmentView(current);
          const next = { ...previous, page: 1, ...changes };
          return toSearchParams(next);
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  return { view, updateView };
}
