import {
  ACTIVATIONS_API,
  activationRunSchema,
  activationSchema,
  type Activation,
  type ActivationRun,
  type CreateActivationBody,
  type StartActivationRunBody,
  type UpdateActivationBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { activationsKeys } from './activations-keys';

/** After a change the answer is the activation; the list is read again. */
function useRefreshActivations() {
  const queryClient = useQueryClient();
  return async (activation: Activation) => {
    queryClient.setQueryData(activationsKeys.detail(activation.id), activation);
    await queryClient.invalidateQueries({ queryKey: activationsKeys.list() });
  };
}

/** `POST {main}/activations`; the form shows what was refused, field by field. */
export function useCreateActivation() {
  const client = useApiClient('main');
  const refresh = useRefreshActivations();
  return useSingleFlightMutation<Activation, ApiError, CreateActivationBody>({
    mutationFn: async (body) =>
      activationSchema.parse(await client.post<unknown>(ACTIVATIONS_API.list, body)),
    meta: { hideErrorToast: true },
    onSuccess: (activation) => refresh(activation),
  });
}

/** `PATCH {main}/activations/{id}`: the whole definition, refused field by field. */
export function useUpdateActivation(id: string) {
  const client = useApiClient('main');
  const refresh = useRefreshActivations();
  return useSingleFlightMutation<Activation, ApiError, UpdateActivationBody>({
    mutationFn: async (body) =>
      activationSchema.parse(await client.patch<unknown>(ACTIVATIONS_API.activation(id), body)),
    meta: { hideErrorToast: true },
    onSuccess: (activation) => refresh(activation),
  });
}

/** `DELETE {main}/activations/{id}`: its runs stay readable (ADR 0033). */
export function useDeleteActivation() {
  const client = useApiClient('main');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await client.delete<unknown>(ACTIVATIONS_API.activation(id));
    },
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: activationsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: activationsKeys.list() });
    },
  });
}

// docs/product.md §7 promises the started run's id (202); the run itself is read from its key.
const startedRunSchema = activationRunSchema.pick({ id: true });
export type StartedRun = Pick<ActivationRun, 'id'>;

/**
 * `POST {main}/activations/{id}/runs`: a run now, a dry run (`dryRun`, sends nothing) or the
 * last run's failed records again (`retryFailed`); a 409 while a run is going. The caller opens
 * the started run, which polls itself; the runs and the last run are read again.
 */
export function useStartRun(id: string) {
  const client = useApiClient('main');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<StartedRun, ApiError, StartActivationRunBody>({
    mutationFn: async (body) =>
      startedRunSchema.parse(await client.post<unknown>(ACTIVATIONS_API.runs(id), body)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activationsKeys.runs(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: activationsKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: activationsKeys.list() }),
      ]);
    },
  });
}
