import { toCohortDependentError, type CohortDependent, type FieldError } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';

/**
 * Finds the records of one kind (an organization's alerts, its plays) that use a cohort.
 * Services owning such records register one at start-up; the cohorts module does not know
 * their tables, so it cannot forget one when a new kind of dependent appears.
 */
export type CohortDependentsLookup = (
  db: Database,
  orgId: string,
  cohortId: string,
) => Promise<CohortDependent[]>;

const lookups = new Set<CohortDependentsLookup>();

/** Registers a lookup; the returned function removes it again (tests, hot reload). */
export function registerCohortDependents(lookup: CohortDependentsLookup): () => void {
  lookups.add(lookup);
  return () => lookups.delete(lookup);
}

/** Every registered kind's dependents of the cohort. */
export async function findCohortDependents(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  const found = await Promise.all([...lookups].map((lookup) => lookup(db, orgId, cohortId)));
  return found.flat();
}

/**
 * How a refused delete names its dependents in the error envelope: `path` is
 * `<kind>:<id>` (`alert:3f…`, `play:9a…`) so the client can link to it, `message` is the
 * dependent's name as the user knows it.
 */
export function toDependentErrors(dependents: readonly CohortDependent[]): FieldError[] {
  return dependents.map(toCohortDependentError);
}
