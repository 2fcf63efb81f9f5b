export { dashboardKeys } from './api/dashboard-keys';
export { useDashboardSettings } from './api/get-dashboard-settings';
export { DashboardArea } from './components/dashboard-area';
export { DashboardSettingsCard } from './components/dashboard-settings-card';
