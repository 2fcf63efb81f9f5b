import { dashboardSettingsSchema, USER_API, type DashboardSettings } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { dashboardKeys } from './dashboard-keys';

/** `GET users/me/dashboard`: what the home dashboard shows. */
export async function fetchDashboardSettings(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<DashboardSettings> {
  const data = await client.get<unknown>(USER_API.dashboard, { signal });
  return dashboardSettingsSchema.parse(data);
}

export function dashboardSettingsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: dashboardKeys.settings(),
    queryFn: ({ signal }) => fetchDashboardSettings(client, signal),
  });
}

export function useDashboardSettings() {
  const client = useApiClient('user');
  return useQuery(dashboardSettingsQueryOptions(client));
}
