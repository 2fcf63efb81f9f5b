import { scoreColumnsOf, type CohortDependent } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import type { ConnectionProvider } from '@revlane/contracts';
import { providersOf } from './play-fields.js';
import { listCohortPlays, listLivePlays } from './plays.repository.js';

/** The plays on a cohort, as the cohort delete names them (ADR 0006). */
export async function findCohortPlays(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortDependent[]> {
  const rows = await listCohortPlays(db, orgId, cohortId);
  return rows.map((row) => ({ kind: 'play', id: row.id, name: row.name }));
}

/** The plays with an action that sends through the connection (a disconnect lists them). */
export async function findConnectionPlays(
  db: Database,
  orgId: string,
  provider: string,
): Promise<CohortDependent[]> {
  const rows = await listLivePlays(db, orgId);
  return rows
    .filter((row) => providersOf(row.actions).includes(provider as ConnectionProvider))
    .map((row) => ({ kind: 'play', id: row.id, name: row.name }));
}

/**
 * The plays whose templates insert a score's column, `{{account.score_fit}}`: the column's
 * name as a whole word (a score's delete names them, ADR 0034).
 */
export async function findScorePlays(
  db: Database,
  orgId: string,
  slug: string,
): Promise<CohortDependent[]> {
  const inTemplates = new RegExp(`\\b(${Object.values(scoreColumnsOf(slug)).join('|')})\\b`);
  const rows = await listLivePlays(db, orgId);
  return rows
    .filter((row) => inTemplates.test(JSON.stringify(row.actions)))
    .map((row) => ({ kind: 'play', id: row.id, name: row.name }));
}
