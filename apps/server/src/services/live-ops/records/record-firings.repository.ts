import type { BaseTable } from '@revlane/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import {
  notificationFirings,
  notifications,
  segments,
} from '../../../platform/database/schema/index.js';
import { FIRING_RECORDS_MAX } from '../notifications/notification-evaluation.js';

/** Firings listed on a record's page, newest first. */
export const RECORD_FIRINGS_MAX = 100;

export interface RecordFiringRow {
  firingId: string;
  notificationId: string;
  notificationName: string;
  cohortId: string;
  type: 'new' | 'less';
  firedAt: Date;
  snapshotAt: Date;
  /** Whether the firing's kept records name the record; else it kept only the first ones. */
  names: boolean;
}

/** Read past the listed number: some firings that kept only their first records are not the record's. */
const CANDIDATES_MAX = 500;

/**
 * The organization's firings of alerts on segments of the base table that concern a record:
 * each firing keeps the records that entered (or left) with their ids (ADR 0023), so the id
 * among them; a firing with more records than it keeps (FIRING_RECORDS_MAX) is a candidate
 * (`names: false`) the caller checks against the record's snapshot changes.
 */
export async function listRecordFiringCandidates(
  db: Database,
  orgId: string,
  table: BaseTable,
  id: string,
): Promise<RecordFiringRow[]> {
  const record = sql`jsonb_build_array(jsonb_build_object('id', CAST(${id} AS TEXT)))`;
  const names = sql<boolean>`(${notificationFirings.records} @> ${record})`;
  const truncated = sql`jsonb_array_length(${notificationFirings.records}) >= ${FIRING_RECORDS_MAX}`;
  const rows = await db
    .select({
      firingId: notificationFirings.id,
      notificationId: notifications.id,
      notificationName: notifications.name,
      cohortId: notifications.cohortId,
      type: notificationFirings.type,
      firedAt: notificationFirings.firedAt,
      snapshotAt: notificationFirings.snapshotAt,
      names,
    })
    .from(notificationFirings)
    .innerJoin(notifications, eq(notifications.id, notificationFirings.notificationId))
    .innerJoin(segments, eq(segments.id, notifications.segmentId))
    .where(
      and(
        eq(notificationFirings.orgId, orgId),
        eq(notifications.orgId, orgId),
        eq(segments.baseTable, table),
        sql`(${names} OR ${truncated})`,
      ),
    )
    .orderBy(desc(notificationFirings.firedAt), desc(notificationFirings.id))
    .limit(CANDIDATES_MAX);
  return rows.map((row) => ({ ...row, names: row.names === true || String(row.names) === 't' }));
}
