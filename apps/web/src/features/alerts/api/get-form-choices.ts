import {
  cohortListSchema,
  COHORTS_API,
  LIVE_OPS_API,
  segmentSummaryListSchema,
  slackChannelListSchema,
  USER_API,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { alertsKeys } from './alerts-keys';

/** `GET {liveOps}/segments/me`: the segments an alert can watch. */
export const useSegmentChoices = () =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: LIVE_OPS_API.mySegments,
      schema: segmentSummaryListSchema,
      queryKey: alertsKeys.segments(),
    }),
  );

/** `GET {liveOps}/segments/{id}/cohorts`: the cohorts of the chosen segment (none: no read). */
export function useCohortChoices(segmentId: string | undefined) {
  const query = defineGetQuery({
    service: 'liveOps',
    path: COHORTS_API.segmentCohorts(segmentId ?? ''),
    schema: cohortListSchema,
    queryKey: alertsKeys.cohorts(segmentId ?? ''),
  });
  return useQuery({ ...query.options(useApiClient('liveOps')), enabled: Boolean(segmentId) });
}

/** `GET {user}/users/me/notifications/slack/channels`: empty until Slack is connected. */
export const useSlackChannelChoices = () =>
  useGetQuery(
    defineGetQuery({
      service: 'user',
      path: USER_API.slackChannels,
      schema: slackChannelListSchema,
      queryKey: alertsKeys.slackChannels(),
    }),
  );
