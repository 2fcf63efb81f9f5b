import { defineService } from '../../platform/http/service.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { slackRoutes } from './notifications/slack.routes.js';
import { onboardingRoutes } from './onboarding/onboarding.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Users, profiles, onboarding, terms, dashboard settings, Slack channel list (docs/architecture.md §3.1). */
export const userService = defineService({
  name: 'user',
  title: 'user service',
  description: 'Profiles, onboarding steps, terms of service, dashboard and notification settings.',
  routes: [usersRoutes, onboardingRoutes, dashboardRoutes, slackRoutes],
});
export { markStepCompleted } from './onboarding/onboarding.repository.js';
