import type { BaseTable, RecordPlayItem } from '@revlane/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import {
  cohorts,
  playRunItems,
  playRuns,
  plays,
  segments,
} from '../../../platform/database/schema/index.js';

/** Play actions listed on a record's page, newest first. */
export const RECORD_PLAY_ITEMS_MAX = 100;

/**
 * The play actions run for a record (ADR 0024): the run items naming its id, of plays whose
 * cohort is on a segment of the record's base table (an account and a user may share an id).
 * Read from the plays' tables in the shared schema (platform/database/schema/plays.ts)
 * rather than through the main service, which already depends on live-ops (docs/architecture.md
 * §3.4: importing it back would close a cycle). A deleted play has let go of its cohort, so
 * its items are not listed: which records they were for cannot be told apart.
 */
export async function listRecordPlayItems(
  db: Database,
  orgId: string,
  table: BaseTable,
  id: string,
): Promise<RecordPlayItem[]> {
  const at = sql<Date>`coalesce(${playRunItems.finishedAt}, ${playRuns.startedAt})`;
  const rows = await db
    .select({
      playId: plays.id,
      playName: plays.name,
      runId: playRunItems.runId,
      actionType: playRunItems.actionType,
      status: playRunItems.status,
      error: playRunItems.error,
      finishedAt: playRunItems.finishedAt,
      startedAt: playRuns.startedAt,
    })
    .from(playRunItems)
    .innerJoin(playRuns, eq(playRuns.id, playRunItems.runId))
    .innerJoin(plays, eq(plays.id, playRunItems.playId))
    .innerJoin(cohorts, eq(cohorts.id, plays.cohortId))
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(
      and(
        eq(playRunItems.orgId, orgId),
        eq(plays.orgId, orgId),
        eq(playRunItems.recordId, id),
        eq(segments.baseTable, table),
      ),
    )
    .orderBy(desc(at), desc(playRunItems.position), desc(playRunItems.id))
    .limit(RECORD_PLAY_ITEMS_MAX);
  return rows.map((row) => ({
    playId: row.playId,
    playName: row.playName,
    runId: row.runId,
    actionType: row.actionType,
    status: row.status,
    error: row.error,
    at: (row.finishedAt ?? row.startedAt).toISOString(),
  }));
}
