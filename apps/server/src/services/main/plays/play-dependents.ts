import type { CohortDependent } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { listCohortPlays } from './plays.repository.js';

/** The plays on a cohort, as the cohort delete names them (ADR 0006). */
export async function findCohortPlays(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  const rows = await listCohortPlays(db, orgId, cohortId);
  return rows.map((row) => ({ kind: 'play', id: row.id, name: row.name }));
}
