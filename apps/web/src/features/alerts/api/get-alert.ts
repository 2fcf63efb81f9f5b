import { firingListSchema, notificationSchema, NOTIFICATIONS_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { alertsKeys } from './alerts-keys';

/** `GET {liveOps}/notifications/{id}`: one alert's definition. */
export const useAlert = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: NOTIFICATIONS_API.notification(id),
      schema: notificationSchema,
      queryKey: alertsKeys.detail(id),
      meta: { hideErrorToast: true },
    }),
  );

/** `GET {liveOps}/notifications/{id}/firings`: newest first, with records and deliveries. */
export const useFirings = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: NOTIFICATIONS_API.firings(id),
      schema: firingListSchema,
      queryKey: alertsKeys.firings(id),
      meta: { hideErrorToast: true },
    }),
  );
