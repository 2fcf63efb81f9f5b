import { defineService } from '../../platform/http/service.js';
import { liveOpsJobs } from './jobs.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { cohortChangesRoutes } from './cohorts/cohort-changes.routes.js';
import { cohortFavoritesRoutes } from './cohorts/cohort-favorites.routes.js';
import { cohortsRoutes } from './cohorts/cohorts.routes.js';
import { dataRoutes } from './data/data.routes.js';
import { exportRoutes } from './export/export.routes.js';
import { notificationsPlugin } from './notifications/notifications.plugin.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { recordsRoutes } from './records/records.routes.js';
import { scoresRoutes } from './scores/scores.routes.js';
import { segmentsRoutes } from './segments/segments.routes.js';
import { trendsRoutes } from './trends/trends.routes.js';

/**
 * Segments, cohorts, alerts, data, export, trends, record pages and scores
 * (docs/architecture.md §3.1).
 */
export const liveOpsService = defineService({
  name: 'live-ops',
  title: 'live-operations service',
  description: 'Segments, cohorts, alerts, segment data, export, trends, record pages and scores.',
  routes: [
    segmentsRoutes,
    catalogueRoutes,
    dataRoutes,
    exportRoutes,
    cohortsRoutes,
    cohortChangesRoutes,
    cohortFavoritesRoutes,
    trendsRoutes,
    notificationsRoutes,
    notificationsPlugin,
    recordsRoutes,
    scoresRoutes,
  ],
  jobs: [liveOpsJobs],
});

export { listSeededSegments, seedSegments, type SeedSegment } from './segments/seed-segments.js';
export { seedCohorts, type SeedCohort } from './cohorts/seed-cohorts.js';
export { findCohortTable } from './cohorts/cohort-table.repository.js';
export { requireCohort } from './cohorts/cohorts.service.js';
export { seedScores, type SeedScore } from './scores/seed-scores.js';
