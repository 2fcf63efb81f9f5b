import {
  MAX_PER_PAGE,
  notificationPageSchema,
  NOTIFICATIONS_API,
  serializeListParams,
} from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { alertsKeys } from './alerts-keys';

// One page holds every alert an organization keeps; newest first.
const query = new URLSearchParams(
  serializeListParams({
    page: 1,
    perPage: MAX_PER_PAGE,
    sortBy: [{ field: 'createdAt', isDescending: true }],
  }),
).toString();

/** `GET {liveOps}/notifications`: the organization's alerts. */
export const alertsQuery = defineGetQuery({
  service: 'liveOps',
  path: `${NOTIFICATIONS_API.list}?${query}`,
  schema: notificationPageSchema,
  queryKey: alertsKeys.list(),
  meta: { hideErrorToast: true },
});

export const useAlerts = () => useGetQuery(alertsQuery);

/** `GET {liveOps}/segments/{id}/notifications`: the alerts on this segment's cohorts. */
export function segmentAlertsQuery(segmentId: string) {
  return defineGetQuery({
    service: 'liveOps',
    path: `${NOTIFICATIONS_API.segmentNotifications(segmentId)}?${query}`,
    schema: notificationPageSchema,
    queryKey: alertsKeys.segmentList(segmentId),
    meta: { hideErrorToast: true },
  });
}

export const useSegmentAlerts = (segmentId: string) => useGetQuery(segmentAlertsQuery(segmentId));
