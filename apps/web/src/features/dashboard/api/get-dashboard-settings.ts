import { dashboardSettingsSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { dashboardKeys } from './dashboard-keys';

/** `GET users/me/dashboard`: what the home dashboard shows. */
export const dashboardSettingsQuery = defineGetQuery({
  service: 'user',
  path: USER_API.dashboard,
  schema: dashboardSettingsSchema,
  queryKey: dashboardKeys.settings(),
});

export const useDashboardSettings = () => useGetQuery(dashboardSettingsQuery);
