import type { FastifyInstance } from 'fastify';

/**
 * Tells the app a cohort was created (`createdCohortId`) or its filters changed (the change
 * is committed), so the snapshots module counts a new cohort at once and back-fills its
 * history without the cohorts module importing it. Best effort: a listener's failure (e.g.
 * the queue is down) is logged instead of turning a saved change into an error; the daily
 * run catches up.
 */
export function announceDefinitionChange(
  app: FastifyInstance,
  orgId: string,
  createdCohortId?: string,
): Promise<void> {
  const event = createdCohortId ? { orgId, createdCohortId } : { orgId };
  return app.events.emitSettled('cohortDefinitionChanged', event, (error) =>
    app.log.error({ err: error, orgId }, 'a cohort definition listener failed'),
  );
}
