import { inboxSchema, NOTIFICATIONS_API, type InboxReadBody } from '@revlane/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
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

/** The unread count the "Alerts" menu item shows; 0 until the inbox answers. */
export function useUnreadAlerts({ enabled }: { enabled: boolean }) {
  const inbox = useQuery({ ...inboxQuery.options(useApiClient(inboxQuery.service)), enabled });
  return inbox.data?.unread ?? 0;
}

/** `POST {liveOps}/notifications/inbox/read`: these firings are seen. */
export function useMarkRead() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxReadBody) => client.post<unknown>(NOTIFICATIONS_API.inboxRead, body),
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKeys.inbox() }),
  });
}
