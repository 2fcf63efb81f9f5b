import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useLocalSettings } from '@/common/local-settings';

/**
 * The last view of a segment's table (its URL query: columns, sort, filters, grouping) kept
 * in the browser's local settings (docs/product.md §3, ADR 0013), so opening the segment from
 * the menu, whose link has no query, brings it back instead of silently losing it. `keep` is
 * called by the view's own changes only: a view the user cleared is forgotten, not restored.
 */
export function useKeptView(segmentId: string | undefined) {
  const [settings, updateSettings] = useLocalSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const kept = segmentId ? settings.segmentViews[segmentId] : undefined;
  const isRestoring = searchParams.size === 0 && Boolean(kept);
  // A change is written once the URL shows it: a bare URL in between is not an arrival.
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (isRestoring && kept && pending.current === null) {
      setSearchParams(new URLSearchParams(kept), { replace: true });
    }
  }, [isRestoring, kept, setSearchParams]);

  useEffect(() => {
    const query = pending.current;
    if (query === null || !segmentId) return;
    pending.current = null;
    updateSettings((current) => {
      const { [segmentId]: _previous, ...others } = current.segmentViews;
      return { ...current, segmentViews: query ? { ...others, [segmentId]: query } : others };
    });
  }, [searchParams, segmentId, updateSettings]);

  const keep = useCallback(
    (search: URLSearchParams) => {
      if (segmentId) pending.current = search.toString();
    },
    [segmentId],
  );
  return { isRestoring, keep };
}
