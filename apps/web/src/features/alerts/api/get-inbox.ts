import { inboxSchema, NOTIFICATIONS_API, type Inbox, type InboxReadBody } from '@revlane/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery, useSingleFlightMutation } from '@/common/api';
import { alertsKeys } from './alerts-keys';

/** `GET {liveOps}/notifications/inbox`: the user's in-app firings, unread first. */
export const inboxQuery = defineGetQuery({
  service: 'liveOps',
  path: NOTIFICATIONS_API.inbox,
  schema: inboxSchema,
  queryKey: alertsKeys.inbox(),
  // The menu's badge: a failed count is no reason for an error toast on every page.
  meta: { hideErrorToast: true },
});

export const useInbox = () => useGetQuery(inboxQuery);

/**
 * How often the menu's badge reads the inbox again (docs/product.md §4): a new firing shows
 * within this time on a page left open, without a reload.
 */
const UNREAD_ALERTS_POLL_MS = 15_000;
const selectUnread = (inbox: Inbox) => inbox.unread;

/**
 * The unread count the "Alerts" menu item shows; 0 until the inbox answers. It polls, and
 * reads again when the window regains focus; polling pauses while the tab is hidden. Only
 * the count reaches the shell (`select`), so a poll that changes nothing renders nothing.
 */
export function useUnreadAlerts({ enabled }: { enabled: boolean }) {
  const inbox = useQuery({
    ...inboxQuery.options(useApiClient(inboxQuery.service)),
    enabled,
    select: selectUnread,
    refetchInterval: UNREAD_ALERTS_POLL_MS,
    refetchOnWindowFocus: true,
    // Fresh no longer than a poll, so coming back to the tab reads a count the poll missed.
    staleTime: UNREAD_ALERTS_POLL_MS,
  });
  return inbox.data ?? 0;
}

/** `POST {liveOps}/notifications/inbox/read`: these firings are seen. */
export function useMarkRead() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: InboxReadBody) => client.post<unknown>(NOTIFICATIONS_API.inboxRead, body),
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKeys.inbox() }),
  });
}
