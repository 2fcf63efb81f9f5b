import { activationProviderSchema, scoreColumnsOf, type CohortDependent } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import {
  listCohortActivations,
  listLiveActivations,
  listProviderActivations,
} from './activations.repository.js';

const asDependent = (row: { id: string; name: string }): CohortDependent => ({
  kind: 'activation',
  id: row.id,
  name: row.name,
});

/** The activations on a cohort, as the cohort delete names them (ADR 0006, ADR 0033). */
export async function findCohortActivations(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  return (await listCohortActivations(db, orgId, cohortId)).map(asDependent);
}

/** The activations writing through the connection (a disconnect lists them). */
export async function findConnectionActivations(
  db: Database,
  orgId: string,
  provider: string,
): Promise<CohortDependent[]> {
  const known = activationProviderSchema.safeParse(provider);
  if (!known.success) return [];
  return (await listProviderActivations(db, orgId, known.data)).map(asDependent);
}

/** The activations matching on or mapping a score's column (a score's delete names them). */
export async function findScoreActivations(
  db: Database,
  orgId: string,
  slug: string,
): Promise<CohortDependent[]> {
  const columns = new Set(Object.values(scoreColumnsOf(slug)));
  const rows = await listLiveActivations(db, orgId);
  return rows
    .filter((row) =>
      [row.matchColumn, ...row.fields.map((field) => field.column)].some((column) =>
        columns.has(column),
      ),
    )
    .map(asDependent);
}

/**
 * Registers the activations' dependents lookups (call once from the main service's jobs.ts):
 * a cohort with activations is not deleted, a disconnect lists them. Answers the function
 * removing them again.
 */
export function registerActivationDependents(app: FastifyInstance): () => void {
  const removers = [
    app.dependents.cohorts.register(findCohortActivations),
    app.dependents.connections.register(findConnectionActivations),
    app.dependents.scores.register(findScoreActivations),
  ];
  return () => removers.forEach((remove) => remove());
}
