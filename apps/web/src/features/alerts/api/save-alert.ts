import {
  notificationSchema,
  NOTIFICATIONS_API,
  resendResultSchema,
  testSendSchema,
  type CreateNotificationBody,
  type Notification,
  type ResendResult,
  type TestDraftBody,
  type TestSend,
  type UpdateNotificationBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { alertsKeys } from './alerts-keys';

/** After any change every list and the changed alert are read again. */
function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return async (alert?: Notification) => {
    if (alert) queryClient.setQueryData(alertsKeys.detail(alert.id), alert);
    await queryClient.invalidateQueries({ queryKey: alertsKeys.lists() });
  };
}

/** `POST {liveOps}/notifications`. */
export function useCreateAlert() {
  const client = useApiClient('liveOps');
  const refresh = useRefreshAlerts();
  return useSingleFlightMutation<Notification, ApiError, CreateNotificationBody>({
    mutationFn: async (body) =>
      notificationSchema.parse(await client.post<unknown>(NOTIFICATIONS_API.list, body)),
    // The form shows what was refused, field by field.
    meta: { hideErrorToast: true },
    onSuccess: (alert) => refresh(alert),
  });
}

/** `PATCH {liveOps}/notifications/{id}`: the definition, the enabled switch, a snooze. */
export function useUpdateAlert(id: string) {
  const client = useApiClient('liveOps');
  const refresh = useRefreshAlerts();
  return useSingleFlightMutation<Notification, ApiError, UpdateNotificationBody>({
    mutationFn: async (body) =>
      notificationSchema.parse(
        await client.patch<unknown>(NOTIFICATIONS_API.notification(id), body),
      ),
    onSuccess: (alert) => refresh(alert),
  });
}

/** `DELETE {liveOps}/notifications/{id}`: its firings go with it. */
export function useDeleteAlert() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await client.delete<unknown>(NOTIFICATIONS_API.notification(id));
    },
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: alertsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: alertsKeys.lists() });
    },
  });
}

/** `POST {liveOps}/notifications/test`: a sample of the form's alert, before it is saved. */
export function useSendTest() {
  const client = useApiClient('liveOps');
  return useSingleFlightMutation<TestSend, ApiError, TestDraftBody>({
    mutationFn: async (body) =>
      testSendSchema.parse(await client.post<unknown>(NOTIFICATIONS_API.testDraft, body)),
    meta: { hideErrorToast: true },
  });
}

/**
 * `POST {liveOps}/notifications/{id}/firings/{firingId}/resend` (any signed-in user): the
 * firing's failed deliveries are pending again, due now, with their original keys (ADR 0031).
 * The firings are read again, so they show as pending.
 */
export function useResendFiring(alertId: string) {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<ResendResult, ApiError, string>({
    mutationFn: async (firingId) =>
      resendResultSchema.parse(
        await client.post<unknown>(NOTIFICATIONS_API.resend(alertId, firingId), {}),
      ),
    onSuccess: async ({ resent }) => {
      toast.success(`Resent ${resent} failed deliver${resent === 1 ? 'y' : 'ies'}`);
      await queryClient.invalidateQueries({ queryKey: alertsKeys.firings(alertId) });
    },
  });
}
