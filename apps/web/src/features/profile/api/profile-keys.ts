/** Query keys of the profile feature, from one factory so invalidation stays consistent. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  slackChannels: () => [...profileKeys.all, 'slack-channels'] as const,
  slackNotifications: () => [...profileKeys.all, 'slack-notifications'] as const,
};
