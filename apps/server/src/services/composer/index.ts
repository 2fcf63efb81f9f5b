import { defineService } from '../../platform/http/service.js';
import { ingestionJobs } from '../../ingestion/index.js';
import { modellingJobs } from '../../modelling/index.js';
import { connectionsRoutes } from './connections/connections.routes.js';
import { mappingRoutes } from './mapping/mapping.routes.js';
import { sourceDiscoveryRoutes } from './sources/source-discovery.routes.js';
import { sourcesRoutes } from './sources/sources.routes.js';
import { syncsPlugin } from './syncs/syncs.plugin.js';

/** Connections, data sources, syncs and mappings (docs/architecture.md §3.1). */
export const composerService = defineService({
  name: 'composer',
  title: 'composer service',
  description: 'Connections to CRMs, Slack and data sources; syncs and mappings.',
  routes: [connectionsRoutes, sourcesRoutes, sourceDiscoveryRoutes, syncsPlugin, mappingRoutes],
  jobs: [ingestionJobs, modellingJobs],
  adminWrites: 'change connections, data sources, syncs and the mapping',
});
