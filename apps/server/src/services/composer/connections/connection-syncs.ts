import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import { sourceSyncs } from '../../../platform/database/schema/index.js';

/** When each source's newest successful run finished: a card's "last sync". */
export async function lastSucceededSyncs(db: Queryable, orgId: string) {
  const rows = await db
    .selectDistinctOn([sourceSyncs.sourceId], {
      sourceId: sourceSyncs.sourceId,
      finishedAt: sourceSyncs.finishedAt,
    })
    .from(sourceSyncs)
    .where(and(eq(sourceSyncs.orgId, orgId), eq(sourceSyncs.status, 'succeeded')))
    .orderBy(sourceSyncs.sourceId, desc(sourceSyncs.createdAt));
  return new Map(rows.map((row) => [row.sourceId, row.finishedAt]));
}
