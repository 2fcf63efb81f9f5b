import { defineService } from '../../platform/http/service.js';

/** Connections, OAuth callbacks, syncs and mappings (docs/architecture.md §3.1); routes arrive with later issues. */
export const composerService = defineService({
  name: 'composer',
  title: 'composer service',
  description: 'Connections to CRMs, Slack and data sources; syncs and mappings.',
  routes: [],
});
