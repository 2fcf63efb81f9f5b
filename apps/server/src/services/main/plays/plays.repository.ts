import type { ListQuery } from '@revlane/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { listPage } from '../../../platform/database/list-page.js';
import type { Queryable } from '../../../platform/database/queryable.js';
import { cohorts, playRuns, plays } from '../../../platform/database/schema/index.js';
import { isUuid } from '../../../platform/database/uuid.js';

export type PlayRecord = typeof plays.$inferSelect;
export type NewPlay = typeof plays.$inferInsert;
export type PlayRunRecord = typeof playRuns.$inferSelect;

/** What the API shows of a play: its row, its cohort's name and segment. */
export interface PlayRow {
  row: PlayRecord;
  cohortName: string;
  segmentId: string;
}

function selectRows(db: Queryable) {
  return db
    .select({ row: plays, cohortName: cohorts.name, segmentId: cohorts.segmentId })
    .from(plays)
    .innerJoin(cohorts, eq(cohorts.id, plays.cohortId));
}

const live = (orgId: string) => and(eq(plays.orgId, orgId), isNull(plays.deletedAt));
const SORTS = { name: plays.name, createdAt: plays.createdAt } as const;

/** A page of the organization's plays (search on the name, sort by a known field). */
export function listPlayPage(
  db: Database,
  orgId: string,
  query: ListQuery,
): Promise<{ rows: PlayRow[]; total: number }> {
  return listPage(db, query, {
    table: plays,
    select: () => selectRows(db).$dynamic(),
    where: live(orgId)!,
    name: plays.name,
    id: plays.id,
    sorts: SORTS,
  });
}

/** The organization's play, not deleted. */
export async function findPlay(db: Queryable, orgId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectRows(db).where(and(live(orgId), eq(plays.id, id)));
  return row;
}

/** The organization's play, deleted ones too: their runs stay readable (ADR 0024). */
export async function findPlayEvenDeleted(db: Queryable, orgId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(plays)
    .where(and(eq(plays.orgId, orgId), eq(plays.id, id)));
  return row;
}

export async function insertPlay(db: Queryable, values: NewPlay) {
  const [row] = await db.insert(plays).values(values).returning();
  return row!;
}

export async function updatePlay(
  db: Queryable,
  orgId: string,
  id: string,
  values: Partial<NewPlay>,
) {
  await db
    .update(plays)
    .set(values)
    .where(and(eq(plays.orgId, orgId), eq(plays.id, id)));
}

/** Deleting keeps the row and its runs, and lets go of the cohort (ADR 0024). */
export async function markPlayDeleted(db: Queryable, orgId: string, id: string) {
  await updatePlay(db, orgId, id, { deletedAt: new Date(), status: 'paused', cohortId: null });
}

/** The live plays on a cohort (the dependents rule, ADR 0006, and the runs after snapshots). */
/** The organization's plays (not deleted), oldest first. */
export function listLivePlays(db: Queryable, orgId: string) {
  return db.select().from(plays).where(live(orgId)).orderBy(asc(plays.createdAt));
}

export function listCohortPlays(db: Queryable, orgId: string, cohortId: string) {
  if (!isUuid(cohortId)) return Promise.resolve([]);
  return db
    .select()
    .from(plays)
    .where(and(live(orgId), eq(plays.cohortId, cohortId)))
    .orderBy(asc(plays.createdAt));
}

/** The newest run of each play. */
export async function findLastRuns(db: Queryable, orgId: string, playIds: string[]) {
  if (playIds.length === 0) return new Map<string, PlayRunRecord>();
  const rows = await db
    .selectDistinctOn([playRuns.playId])
    .from(playRuns)
    .where(and(eq(playRuns.orgId, orgId), inArray(playRuns.playId, playIds)))
    .orderBy(playRuns.playId, desc(playRuns.startedAt), desc(playRuns.windowEnd));
  return new Map(rows.map((run) => [run.playId, run]));
}
