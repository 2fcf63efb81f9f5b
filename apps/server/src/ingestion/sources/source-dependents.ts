import type { FieldError } from '@revlane/contracts';
import { createDependentsRegistry } from '../../platform/dependents/dependents-registry.js';

/** A record that reads a source's landed tables (a mapping, ADR 0019). */
export interface SourceDependent {
  kind: string;
  id: string;
  name: string;
}

const registry = createDependentsRegistry<SourceDependent>();

/** The module owning mappings registers its lookup at start-up; returns the undo. */
export const registerSourceDependents = registry.register;

export const findSourceDependents = registry.find;

/** As cohorts name theirs (ADR 0006): `path` is `<kind>:<id>`, `message` the name. */
export const toSourceDependentErrors = (dependents: readonly SourceDependent[]): FieldError[] =>
  dependents.map((dependent) => ({
    path: `${dependent.kind}:${dependent.id}`,
    message: dependent.name,
  }));
