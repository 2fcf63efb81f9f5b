import {
  playPreviewSchema,
  PLAYS_API,
  playWithSecretsSchema,
  resendResultSchema,
  type CreatePlayBody,
  type PlayPreview,
  type PlayWithSecrets,
  type ResendResult,
  type UpdatePlayBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { playsKeys } from './plays-keys';

/** After a change the list and the play's runs are read again; the answer is the play. */
function useRefreshPlays() {
  const queryClient = useQueryClient();
  return async (play: PlayWithSecrets) => {
    const { webhookSecrets: _shownOnce, ...shown } = play;
    queryClient.setQueryData(playsKeys.detail(play.id), shown);
    await queryClient.invalidateQueries({ queryKey: playsKeys.list() });
  };
}

/** `POST {main}/plays`. */
export function useCreatePlay() {
  const client = useApiClient('main');
  const refresh = useRefreshPlays();
  return useSingleFlightMutation<PlayWithSecrets, ApiError, CreatePlayBody>({
    mutationFn: async (body) =>
      playWithSecretsSchema.parse(await client.post<unknown>(PLAYS_API.list, body)),
    // The form shows what was refused, field by field.
    meta: { hideErrorToast: true },
    onSuccess: (play) => refresh(play),
  });
}

/**
 * `PATCH {main}/plays/{id}`: the definition (its form shows the refusals field by field, so
 * `hideErrorToast` is the caller's choice) or the status switch.
 */
export function useUpdatePlay(id: string, { hideErrorToast = false } = {}) {
  const client = useApiClient('main');
  const refresh = useRefreshPlays();
  return useSingleFlightMutation<PlayWithSecrets, ApiError, UpdatePlayBody>({
    mutationFn: async (body) =>
      playWithSecretsSchema.parse(await client.patch<unknown>(PLAYS_API.play(id), body)),
    meta: { hideErrorToast },
    onSuccess: (play) => refresh(play),
  });
}

/** `DELETE {main}/plays/{id}`: its runs stay readable for the audit log (ADR 0024). */
export function useDeletePlay() {
  const client = useApiClient('main');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await client.delete<unknown>(PLAYS_API.play(id));
    },
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: playsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: playsKeys.list() });
    },
  });
}

/** `POST {main}/plays/{id}/preview`: the rendered payloads for up to 3 members; sends nothing. */
export function usePreviewPlay(id: string) {
  const client = useApiClient('main');
  return useSingleFlightMutation<PlayPreview, ApiError, void>({
    mutationFn: async () =>
      playPreviewSchema.parse(await client.post<unknown>(PLAYS_API.preview(id), {})),
    meta: { hideErrorToast: true },
  });
}

/**
 * `POST {main}/plays/{id}/runs/{runId}/resend` (admins): the run's failed items are pending
 * again, due now, each with its original idempotency key (ADR 0031). The runs, the opened run
 * and the play's last run are read again, so the items show as pending.
 */
export function useResendRun(playId: string) {
  const client = useApiClient('main');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<ResendResult, ApiError, string>({
    mutationFn: async (runId) =>
      resendResultSchema.parse(await client.post<unknown>(PLAYS_API.resend(playId, runId), {})),
    onSuccess: async ({ resent }) => {
      toast.success(`Resent ${resent} failed item${resent === 1 ? '' : 's'}`);
      await Promise.all([
        // The run's detail key starts with its runs key: both are read again.
        queryClient.invalidateQueries({ queryKey: playsKeys.runs(playId) }),
        queryClient.invalidateQueries({ queryKey: playsKeys.detail(playId) }),
        queryClient.invalidateQueries({ queryKey: playsKeys.list() }),
      ]);
    },
  });
}
