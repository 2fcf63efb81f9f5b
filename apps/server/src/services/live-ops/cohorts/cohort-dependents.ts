import { toCohortDependentError, type CohortDependent, type FieldError } from '@revlane/contracts';
import {
  createDependentsRegistry,
  type DependentsLookup,
} from '../../../platform/dependents/dependents-registry.js';

/** Finds the records of one kind (an organization's alerts, its plays) that use a cohort. */
export type CohortDependentsLookup = DependentsLookup<CohortDependent>;

const registry = createDependentsRegistry<CohortDependent>();

/** Services owning alerts or plays register their lookup at start-up; returns the undo. */
export const registerCohortDependents = registry.register;

/** Every registered kind's dependents of the cohort. */
export const findCohortDependents = registry.find;

/**
 * How a refused delete names its dependents in the error envelope: `path` is
 * `<kind>:<id>` (`alert:3f…`, `play:9a…`) so the client can link to it, `message` is the
 * dependent's name as the user knows it.
 */
export function toDependentErrors(dependents: readonly CohortDependent[]): FieldError[] {
  return dependents.map(toCohortDependentError);
}
