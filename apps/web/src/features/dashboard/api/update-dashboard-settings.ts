import { dashboardSettingsSchema, USER_API, type DashboardSettings } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { dashboardKeys } from './dashboard-keys';

/** `PATCH users/me/dashboard` with only the changed settings; answers all of them. */
export async function updateDashboardSettings(
  client: ApiClient,
  changes: Partial<DashboardSettings>,
): Promise<DashboardSettings> {
  const data = await client.patch<unknown>(USER_API.dashboard, changes);
  return dashboardSettingsSchema.parse(data);
}

/** Shows the change at once and puts the old value back if saving fails. */
export function useUpdateDashboardSettings() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  const key = dashboardKeys.settings();
  return useSingleFlightMutation<
    DashboardSettings,
    ApiError,
    Partial<DashboardSettings>,
    { previous?: DashboardSettings }
  >({
    mutationFn: (changes) => updateDashboardSettings(client, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DashboardSettings>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
