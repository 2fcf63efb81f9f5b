import { RECORDS_API, recordEventsPageSchema, type RecordKind } from '@revlane/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { recordsKeys } from './records-keys';

/** Events per timeline page (the contract allows up to `RECORD_EVENTS_PER_PAGE_MAX`). */
export const TIMELINE_PER_PAGE = 50;

/**
 * `GET {liveOps}/{kind}/{id}/events?page=&perPage=`: the timeline, newest first, one page at a
 * time. The server does not count the events (there may be millions): `hasMore` says whether
 * another page exists, so "Load more" asks for the next one.
 */
export function useRecordEvents(kind: RecordKind, id: string) {
  const client = useApiClient('liveOps');
  return useInfiniteQuery({
    queryKey: recordsKeys.events(kind, id),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      recordEventsPageSchema.parse(
        await client.get<unknown>(RECORDS_API.events(kind, id), {
          params: { page: pageParam, perPage: TIMELINE_PER_PAGE },
          signal,
        }),
      ),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: { hideErrorToast: true },
  });
}
