import type { FastifyInstance } from 'fastify';

/**
 * A new cohort, or new filters, have no membership snapshot yet: asks the snapshot module
 * to snapshot the organization so the list's member count and the trend catch up without
 * waiting for the next data load or the daily run. Best effort: a failure is logged, the
 * change itself is already committed and the daily run will snapshot it.
 */
export async function afterDefinitionChange(app: FastifyInstance, orgId: string): Promise<void> {
  try {
    // TODO(cohort snapshots): call `requestCohortSnapshots(app, orgId)` from
    // `services/live-ops/snapshots/index.ts` once that module exists.
    await Promise.resolve();
  } catch (error) {
    app.log.error({ err: error, orgId }, 'could not request cohort snapshots');
  }
}
