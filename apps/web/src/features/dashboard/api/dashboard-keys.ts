/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  settings: () => [...dashboardKeys.all, 'settings'] as const,
};
