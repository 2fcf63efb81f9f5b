import { defineService } from '../../platform/http/service.js';
import { mainJobs } from './jobs.js';
import { playsRoutes } from './plays/plays.routes.js';
import { playRunsRoutes } from './plays/runs/runs.routes.js';

/** Plays, feature flags, organization, app configuration (docs/architecture.md §3.1). */
export const mainService = defineService({
  name: 'main',
  title: 'main backend',
  description: 'Plays, feature flags and the organization.',
  routes: [playsRoutes, playRunsRoutes],
  jobs: [mainJobs],
});
