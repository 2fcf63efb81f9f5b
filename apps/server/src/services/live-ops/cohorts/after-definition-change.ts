import type { FastifyInstance } from 'fastify';
import { requestCohortSnapshots } from '../snapshots/index.js';

/**
 * A new cohort, or new filters, have no membership snapshot yet: asks the snapshot module
 * to snapshot the organization so the list's member count and the trend catch up without
 * waiting for the next data load or the daily run. Best effort: the change is already
 * committed, so a failure to queue is logged (the daily run snapshots it) instead of
 * turning a saved change into an error.
 */
export async function afterDefinitionChange(app: FastifyInstance, orgId: string): Promise<void> {
  try {
    await requestCohortSnapshots(app, orgId);
  } catch (error) {
    app.log.error({ err: error, orgId }, 'could not request cohort snapshots');
  }
}
