import { isUniqueViolation } from '../../platform/database/unique-violation.js';

/**
 * Wraps writes that may hit a unique name index when two requests race: that violation is
 * answered with `conflict(name)` (a 409 naming the field), any other error is rethrown.
 */
export function uniqueNameGuard(conflict: (name: string) => Error) {
  return async <T>(name: string | undefined, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(name ?? '');
      throw error;
    }
  };
}
