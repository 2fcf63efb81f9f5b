import { toCohortDependentError, type CohortDependent, type FieldError } from '@revlane/contracts';

/**
 * How a refused delete names its dependents in the error envelope: `path` is
 * `<kind>:<id>` (`alert:3f…`, `play:9a…`) so the client can link to it, `message` is the
 * dependent's name as the user knows it.
 */
export function toDependentErrors(dependents: readonly CohortDependent[]): FieldError[] {
  return dependents.map(toCohortDependentError);
}
