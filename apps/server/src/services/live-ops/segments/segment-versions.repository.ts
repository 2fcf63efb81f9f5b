import { and, desc, eq, max } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import { segmentVersions, users } from '../../../platform/database/schema/index.js';
import { versionFields, type NewDefinitionVersion } from '../cohorts/cohort-versions.repository.js';

export interface NewSegmentVersion extends NewDefinitionVersion {
  segmentId: string;
}

/** Appends the next version; callers hold the segment's row lock (see lockSegment). */
export async function insertSegmentVersion(db: Queryable, values: NewSegmentVersion) {
  const [latest] = await db
    .select({ version: max(segmentVersions.version) })
    .from(segmentVersions)
    .where(eq(segmentVersions.segmentId, values.segmentId));
  await db.insert(segmentVersions).values({ ...values, version: (latest?.version ?? 0) + 1 });
}

/** Newest first, shaped like a cohort's versions (cohort-response.ts turns both into JSON). */
export function listSegmentVersions(db: Queryable, orgId: string, segmentId: string) {
  return db
    .select(versionFields(segmentVersions))
    .from(segmentVersions)
    .leftJoin(users, eq(users.id, segmentVersions.changedBy))
    .where(and(eq(segmentVersions.orgId, orgId), eq(segmentVersions.segmentId, segmentId)))
    .orderBy(desc(segmentVersions.version));
}
