import { defineService } from '../../platform/http/service.js';

/** Plays, feature flags, organization, app configuration (docs/architecture.md §3.1); routes arrive with later issues. */
export const mainService = defineService({
  name: 'main',
  title: 'main backend',
  description: 'Plays, feature flags and the organization.',
  routes: [],
});
