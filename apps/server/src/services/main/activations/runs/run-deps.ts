import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findCohortTable } from '../../../live-ops/index.js';
import { destinationsOf } from '../destinations.js';
import type { ActivationRunDeps } from './run-activation.js';

/** Batches in flight per run: enough to keep HubSpot's 19 calls a second busy. */
const CONCURRENCY = 4;

/** What the run worker uses: this app's stores and destinations (tests override some). */
export function activationRunDeps(app: FastifyInstance, log: FastifyBaseLogger): ActivationRunDeps {
  return {
    db: app.db,
    warehouse: app.warehouse.engine,
    log,
    catalogueOf: (orgId) => app.warehouse.reader.catalogue(orgId),
    cohortTableOf: async (orgId, cohortId) =>
      (await findCohortTable(app.db, orgId, cohortId)) ?? null,
    destinationOf: destinationsOf(app),
    leaseMs: app.config.plays.itemLeaseMs,
    concurrency: CONCURRENCY,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    pacer: app.pacer,
  };
}
