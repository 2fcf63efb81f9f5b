import { slackNotificationSettingsSchema, USER_API } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET users/me/notifications/slack`: the channel the user's alerts go to. */
export const slackNotificationsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.slackNotifications,
  schema: slackNotificationSettingsSchema,
  queryKey: profileKeys.slackNotifications(),
});

/** Only asked once there are channels to choose from (Slack is connected). */
export function useSlackNotifications(isEnabled: boolean) {
  const client = useApiClient(slackNotificationsQuery.service);
  return useQuery({ ...slackNotificationsQuery.options(client), enabled: isEnabled });
}
