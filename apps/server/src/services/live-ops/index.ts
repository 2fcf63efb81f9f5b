import { defineService } from '../../platform/http/service.js';

/** Segments, cohorts, alerts, data, export and trends (DESIGN §3.1); routes arrive with later issues. */
export const liveOpsService = defineService({
  name: 'live-ops',
  title: 'live-operations service',
  description: 'Segments, cohorts, alerts, segment data, export and trends.',
  routes: [],
});
