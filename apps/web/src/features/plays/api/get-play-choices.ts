import {
  cohortListSchema,
  COHORTS_API,
  columnListSchema,
  LIVE_OPS_API,
  segmentDataPageSchema,
  segmentDetailSchema,
  segmentSummaryListSchema,
  slackChannelListSchema,
  USER_API,
  type SegmentRow,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { playsKeys } from './plays-keys';

/** `GET {liveOps}/segments/me`: the segments whose cohorts a play can watch. */
export const useSegmentChoices = () =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: LIVE_OPS_API.mySegments,
      schema: segmentSummaryListSchema,
      queryKey: playsKeys.segments(),
    }),
  );

/** `GET {liveOps}/segments/{id}/cohorts`: the cohorts of the chosen segment (none: no read). */
export function useCohortChoices(segmentId: string | undefined) {
  const query = defineGetQuery({
    service: 'liveOps',
    path: COHORTS_API.segmentCohorts(segmentId ?? ''),
    schema: cohortListSchema,
    queryKey: playsKeys.cohorts(segmentId ?? ''),
  });
  return useQuery({ ...query.options(useApiClient('liveOps')), enabled: Boolean(segmentId) });
}

/**
 * The record columns a template can name: the catalogue of the segment's base table
 * (`GET segments/{id}`, then `GET segments/tables/{table}/columns`), with the table.
 */
export function useRecordColumns(segmentId: string | undefined) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: playsKeys.segment(segmentId ?? ''),
    enabled: Boolean(segmentId),
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const segment = segmentDetailSchema.parse(
        await client.get<unknown>(LIVE_OPS_API.segment(segmentId ?? ''), { signal }),
      );
      const columns = columnListSchema.parse(
        await client.get<unknown>(LIVE_OPS_API.columns(segment.baseTable), { signal }),
      );
      return { baseTable: segment.baseTable, columns };
    },
  });
}

/**
 * One record of the segment for the editor's live template preview (`GET segments/{id}/data`,
 * one row); null while the segment is still being prepared or has no records.
 */
export function useSampleRecord(segmentId: string | undefined) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: playsKeys.sampleRecord(segmentId ?? ''),
    enabled: Boolean(segmentId),
    meta: { hideErrorToast: true },
    queryFn: async ({ signal }): Promise<SegmentRow | null> => {
      const data = await client.get<unknown>(LIVE_OPS_API.data(segmentId ?? ''), {
        params: { page: 1, perPage: 1 },
        signal,
      });
      const page = segmentDataPageSchema.safeParse(data);
      return page.success ? (page.data.rows[0] ?? null) : null;
    },
  });
}

/** `GET {user}/users/me/notifications/slack/channels`: empty until Slack is connected. */
export const useSlackChannelChoices = () =>
  useGetQuery(
    defineGetQuery({
      service: 'user',
      path: USER_API.slackChannels,
      schema: slackChannelListSchema,
      queryKey: playsKeys.slackChannels(),
    }),
  );
