import {
  slackNotificationSettingsSchema,
  USER_API,
  type SlackNotificationSettings,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `PATCH users/me/notifications/slack { channelId }`. */
export async function updateSlackNotifications(
  client: ApiClient,
  changes: SlackNotificationSettings,
): Promise<SlackNotificationSettings> {
  const data = await client.patch<unknown>(USER_API.slackNotifications, changes);
  return slackNotificationSettingsSchema.parse(data);
}

export function useUpdateSlackNotifications() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<SlackNotificationSettings, ApiError, SlackNotificationSettings>({
    mutationFn: (changes) => updateSlackNotifications(client, changes),
    onSuccess: (settings) => queryClient.setQueryData(profileKeys.slackNotifications(), settings),
  });
}
