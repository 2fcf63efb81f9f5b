import {
  LIVE_OPS_API,
  segmentDetailSchema,
  type CreateSegmentBody,
  type SegmentDetail,
  type SegmentSummary,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `POST {liveOps}/segments`; a taken name is a 409 naming `body.name`. */
export async function createSegment(
  client: ApiClient,
  body: CreateSegmentBody,
): Promise<SegmentDetail> {
  const data = await client.post<unknown>(LIVE_OPS_API.segments, body);
  return segmentDetailSchema.parse(data);
}

/**
 * Creates a segment. The menu lists it at once: the new segment is added to the one segment
 * list (`common/queries`, last, as the server orders it) before that list is read again, and
 * its page opens from the answer without waiting for a read.
 */
export function useCreateSegment() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<SegmentDetail, ApiError, CreateSegmentBody>({
    mutationFn: (body) => createSegment(client, body),
    // The dialog shows the server's message beside the field it names.
    meta: { hideErrorToast: true },
    onSuccess: (segment) => {
      queryClient.setQueryData(segmentsKeys.detail(segment.id), segment);
      queryClient.setQueryData<SegmentSummary[]>(segmentsKeys.mine(), (list) =>
        list?.some((item) => item.id === segment.id)
          ? list
          : [...(list ?? []), { id: segment.id, name: segment.name, disabled: segment.disabled }],
      );
      // Not awaited: the page opens from the answer, without waiting for the list's read.
      void queryClient.invalidateQueries({ queryKey: segmentsKeys.mine() });
    },
  });
}
