import { slackChannelListSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {user}/users/me/notifications/slack/channels`: empty until Slack is connected. Owned by
 * the profile feature; the plays and alerts forms offer the same channels.
 */
export const slackChannelsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.slackChannels,
  schema: slackChannelListSchema,
  queryKey: sharedKeys.slackChannels(),
});

export const useSlackChannels = () => useGetQuery(slackChannelsQuery);
