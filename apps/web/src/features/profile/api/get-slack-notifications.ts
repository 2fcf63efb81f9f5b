import {
  slackNotificationSettingsSchema,
  USER_API,
  type SlackNotificationSettings,
} from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET users/me/notifications/slack`: the channel the user's alerts go to. */
export async function fetchSlackNotifications(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SlackNotificationSettings> {
  const data = await client.get<unknown>(USER_API.slackNotifications, { signal });
  return slackNotificationSettingsSchema.parse(data);
}

export function slackNotificationsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.slackNotifications(),
    queryFn: ({ signal }) => fetchSlackNotifications(client, signal),
  });
}

/** Only asked once there are channels to choose from (Slack is connected). */
export function useSlackNotifications(isEnabled: boolean) {
  const client = useApiClient('user');
  return useQuery({ ...slackNotificationsQueryOptions(client), enabled: isEnabled });
}
