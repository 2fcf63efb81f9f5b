import { createCohortBodySchema } from '@revlane/contracts';

/** The problem with a cohort name (the API's own rule), or null when it may be saved. */
export function validateCohortName(name: string): string | null {
  const result = createCohortBodySchema.shape.name.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid name');
}
