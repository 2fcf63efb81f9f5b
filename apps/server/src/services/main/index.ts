import { defineService } from '../../platform/http/service.js';
import { activationJobs, mainJobs } from './jobs.js';
import { activationsRoutes } from './activations/activations.routes.js';
import { activationRunsRoutes } from './activations/runs/runs.routes.js';
import { playsRoutes } from './plays/plays.routes.js';
import { playRunsRoutes } from './plays/runs/runs.routes.js';

/** Plays, activations, feature flags, organization, app configuration (docs/architecture.md §3.1). */
export const mainService = defineService({
  name: 'main',
  title: 'main backend',
  description: 'Plays, activations, feature flags and the organization.',
  routes: [playsRoutes, playRunsRoutes, activationsRoutes, activationRunsRoutes],
  jobs: [mainJobs, activationJobs],
});
