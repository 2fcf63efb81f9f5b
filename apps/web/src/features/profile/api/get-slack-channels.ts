import { slackChannelListSchema, USER_API, type SlackChannel } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET users/me/notifications/slack/channels`: empty until Slack is connected. */
export async function fetchSlackChannels(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SlackChannel[]> {
  const data = await client.get<unknown>(USER_API.slackChannels, { signal });
  return slackChannelListSchema.parse(data);
}

export function slackChannelsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.slackChannels(),
    queryFn: ({ signal }) => fetchSlackChannels(client, signal),
  });
}

export function useSlackChannels() {
  const client = useApiClient('user');
  return useQuery(slackChannelsQueryOptions(client));
}
