import type { FieldError } from '@revlane/contracts';
import type { SourceDependent } from '../../platform/events/events-plugin.js';

/** As cohorts name theirs (ADR 0006): `path` is `<kind>:<id>`, `message` the name. */
export const toSourceDependentErrors = (dependents: readonly SourceDependent[]): FieldError[] =>
  dependents.map((dependent) => ({
    path: `${dependent.kind}:${dependent.id}`,
    message: dependent.name,
  }));
