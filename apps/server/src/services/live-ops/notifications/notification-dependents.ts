import type { CohortDependent } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { listCohortNotifications } from './notifications.repository.js';

/** The alerts on a cohort, as the cohort delete names them (ADR 0006). */
export async function findCohortAlerts(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  const rows = await listCohortNotifications(db, orgId, cohortId);
  return rows.map((row) => ({ kind: 'alert', id: row.id, name: row.name }));
}
