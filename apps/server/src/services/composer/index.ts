import { defineService } from '../../platform/http/service.js';
import { sourcesRoutes } from './sources/sources.routes.js';

/** Connections, data sources, syncs and mappings (docs/architecture.md §3.1). */
export const composerService = defineService({
  name: 'composer',
  title: 'composer service',
  description: 'Connections to CRMs, Slack and data sources; syncs and mappings.',
  routes: [sourcesRoutes],
});
