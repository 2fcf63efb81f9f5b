import type { SegmentDataPage, SegmentGroupsPage } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest } from '../../../platform/errors/http-error.js';
import type { WarehouseAccess } from '../../../warehouse/index.js';
import { requireSegmentCached } from '../segments/segments.service.js';
import type { SegmentDataQuery } from './data-query.js';
import { readSegment, toQueryInput, type Readiness } from './segment-query.js';

/**
 * `GET segments/{id}/data`: a page of rows, or of groups when `pivot` is given. Totals come
 * from the reader's count cache (per organization, load and compiled WHERE), so paging
 * through a result counts it once per load.
 */
export async function readSegmentData(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  segmentId: string,
  query: SegmentDataQuery,
): Promise<Readiness<SegmentDataPage | SegmentGroupsPage>> {
  const segment = await requireSegmentCached(db, auth.org.id, segmentId);
  const { pivot, pivot_identifier: pivotIdentifier, ...list } = query;
  const groupBy = pivot ? [pivot, pivotIdentifier].filter((name) => name !== undefined) : [];
  const input = toQueryInput(auth.org.id, segment, { ...list, groupBy }, auth.user.email);
  if (!pivot && pivotIdentifier !== undefined) {
    // A second grouping column without a first is a mistake, not a request for rows.
    throw badRequest('pivot_identifier needs pivot', [
      { path: 'query.pivot', message: 'Give pivot together with pivot_identifier' },
    ]);
  }
  return readSegment<SegmentDataPage | SegmentGroupsPage>(() =>
    groupBy.length > 0 ? warehouse.reader.groups(input) : warehouse.reader.page(input),
  );
}
