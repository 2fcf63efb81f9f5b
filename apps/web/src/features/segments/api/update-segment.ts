import {
  LIVE_OPS_API,
  segmentDetailSchema,
  type SegmentDetail,
  type UpdateSegmentBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, useSingleFlightMutation } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `PATCH {liveOps}/segments/{id}` with any subset of the settings. */
export async function updateSegment(
  client: ApiClient,
  segmentId: string,
  changes: UpdateSegmentBody,
): Promise<SegmentDetail> {
  const data = await client.patch<unknown>(LIVE_OPS_API.segment(segmentId), changes);
  return segmentDetailSchema.parse(data);
}

/**
 * Saves settings; the segment, its data pages and the segment list refresh. The list is one
 * query (`common/queries`), so the sidebar and the plays and alerts forms follow.
 */
export function useUpdateSegment(segmentId: string) {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (changes: UpdateSegmentBody) => updateSegment(client, segmentId, changes),
    // The settings forms show the server's messages beside their fields.
    meta: { hideErrorToast: true },
    onSuccess: async (segment) => {
      queryClient.setQueryData(segmentsKeys.detail(segmentId), segment);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentsKeys.detail(segmentId) }),
        queryClient.invalidateQueries({ queryKey: segmentsKeys.data(segmentId) }),
        queryClient.invalidateQueries({ queryKey: segmentsKeys.mine() }),
      ]);
    },
  });
}
