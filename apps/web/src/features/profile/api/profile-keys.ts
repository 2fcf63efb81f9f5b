/**
 * Query keys of the profile feature, from one factory so invalidation stays consistent. The
 * Slack channels, read by the plays and alerts forms too, are keyed in `common/queries`.
 */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  slackNotifications: () => [...profileKeys.all, 'slack-notifications'] as const,
};
