import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { mySegmentsQuery } from '@/common/queries';

/**
 * The sidebar's Segments section: the segments feature's one list query (`common/queries`),
 * so an edit that invalidates it refreshes the menu too. docs/product.md §4: the menu is read
 * again each time it is shown, even though the list itself never goes stale.
 */
export function useSegmentMenu() {
  return useQuery({
    ...mySegmentsQuery.options(useApiClient(mySegmentsQuery.service)),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
