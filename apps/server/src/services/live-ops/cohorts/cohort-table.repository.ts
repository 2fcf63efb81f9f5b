import type { BaseTable } from '@revlane/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { cohorts, segments } from '../../../platform/database/schema/index.js';

/** The base table of the cohort's segment: which records its changes are. */
export async function findCohortTable(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<BaseTable | undefined> {
  const [row] = await db
    .select({ table: segments.baseTable })
    .from(cohorts)
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(and(eq(cohorts.orgId, orgId), eq(cohorts.id, cohortId)));
  return row?.table;
}
