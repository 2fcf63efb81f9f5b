import type { CohortVersion } from '@revlane/contracts';
import { users } from '../../platform/database/schema/index.js';

/**
 * Who made a version, selected from `users` left-joined on the version's `changed_by`
 * (every column null once the user is deleted). Cohort, segment and score histories share it.
 */
export const changedByColumns = {
  changedById: users.id,
  changedByName: users.displayName,
  changedByEmail: users.email,
};

interface ChangedByRow {
  changedById: string | null;
  changedByName: string | null;
  changedByEmail: string | null;
}

/** A version's author as the API answers it (`changedBySchema`): null once deleted. */
export function toChangedBy(row: ChangedByRow): CohortVersion['changedBy'] {
  return row.changedById === null
    ? null
    : { id: row.changedById, name: row.changedByName, email: row.changedByEmail ?? '' };
}
