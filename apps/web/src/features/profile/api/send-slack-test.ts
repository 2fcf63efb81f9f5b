import { slackTestResultSchema, USER_API, type SlackTestResult } from '@revlane/contracts';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';

/** `POST users/me/notifications/slack/test`: a test message to the chosen channel. */
export function useSendSlackTest() {
  const client = useApiClient('user');
  return useSingleFlightMutation<SlackTestResult, ApiError, void>({
    mutationFn: async () =>
      slackTestResultSchema.parse(await client.post<unknown>(USER_API.slackTest)),
  });
}
