import { slackChannelListSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET users/me/notifications/slack/channels`: empty until Slack is connected. */
export const slackChannelsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.slackChannels,
  schema: slackChannelListSchema,
  queryKey: profileKeys.slackChannels(),
});

export const useSlackChannels = () => useGetQuery(slackChannelsQuery);
