import { APP_ROUTES, LIVE_OPS_API } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `DELETE {liveOps}/segments/{id}`; a 409 names the cohorts, alerts and plays over it. */
export async function deleteSegment(client: ApiClient, segmentId: string): Promise<void> {
  await client.delete<unknown>(LIVE_OPS_API.segment(segmentId));
}

/** Deletes the segment and goes home; the menu no longer lists it. */
export function useDeleteSegment() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: (segmentId) => deleteSegment(client, segmentId),
    // The confirm dialog explains a refusal (and lists the dependents) itself.
    meta: { hideErrorToast: true },
    onSuccess: async (_nothing, segmentId) => {
      // Its pages are left first: still shown, they would read it again (a 404) once its
      // reads are dropped.
      await navigate(APP_ROUTES.home);
      queryClient.removeQueries({ queryKey: segmentsKeys.detail(segmentId) });
      queryClient.removeQueries({ queryKey: segmentsKeys.data(segmentId) });
      await queryClient.invalidateQueries({ queryKey: segmentsKeys.mine() });
    },
  });
}
