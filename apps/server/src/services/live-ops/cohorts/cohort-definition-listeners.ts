import type { FastifyInstance } from 'fastify';

/**
 * Runs after a cohort was created or its filters changed (the change is committed). The
 * snapshots module registers one at start-up so the new definition gets a membership
 * snapshot without waiting for the next load; the cohorts module does not import snapshots,
 * so the two folders do not depend on each other (the same pattern as cohort-dependents.ts).
 */
export type CohortDefinitionListener = (app: FastifyInstance, orgId: string) => Promise<unknown>;

const listeners = new Set<CohortDefinitionListener>();

/**
 * Registers a listener; registering the same function again is a no-op (every app of a test
 * run registers it). The returned function removes it (tests, hot reload).
 */
export function onCohortDefinitionChange(listener: CohortDefinitionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells every listener. Best effort: the change is already committed, so a listener's failure
 * (e.g. the queue is down) is logged instead of turning a saved change into an error; the
 * daily run catches up.
 */
export async function afterDefinitionChange(app: FastifyInstance, orgId: string): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(app, orgId);
    } catch (error) {
      app.log.error({ err: error, orgId }, 'a cohort definition listener failed');
    }
  }
}
