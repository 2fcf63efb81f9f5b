import type { CohortDependent } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { listCohortNotifications, listSlackNotifications } from './notifications.repository.js';

/** The alerts on a cohort, as the cohort delete names them (ADR 0006). */
export async function findCohortAlerts(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  const rows = await listCohortNotifications(db, orgId, cohortId);
  return rows.map((row) => ({ kind: 'alert', id: row.id, name: row.name }));
}

/** The alerts that post to Slack (a disconnect of Slack lists them); no other connection. */
export async function findConnectionAlerts(
  db: Database,
  orgId: string,
  provider: string,
): Promise<CohortDependent[]> {
  if (provider !== 'slack') return [];
  const rows = await listSlackNotifications(db, orgId);
  return rows.map((row) => ({ kind: 'alert', id: row.id, name: row.name }));
}
