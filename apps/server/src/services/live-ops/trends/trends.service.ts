import {
  AD_HOC_TREND_POINTS_MAX,
  type FieldError,
  type TrendRequest,
  type TrendResponse,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, HttpError } from '../../../platform/errors/http-error.js';
import type { WarehouseAccess } from '../../../warehouse/index.js';
import { isWarehouseOutOfMemory, type OrgCatalogue } from '../../../warehouse/index.js';
import { checkCohortFilters } from '../cohorts/cohort-filters-check.js';
import { requireSegmentCohort } from '../cohorts/cohorts.service.js';
import type { Readiness } from '../data/segment-query.js';
import type { SegmentRecord } from '../segments/segments.repository.js';
import { requireSegment } from '../segments/segments.service.js';
import { computeMembersTrend } from './computed-trend.js';
import { readSnapshotTrend } from './snapshot-trend.js';
import { rollingMean, trendIntervals, type IntervalSpan } from './trend-series.js';

/**
 * What an ad-hoc trend may ask for: members only (entered/left need the snapshots' member
 * lists), a bounded number of live computations, filters the compiler accepts.
 */
function adHocErrors(
  catalogue: OrgCatalogue,
  segment: SegmentRecord,
  body: TrendRequest,
  spans: readonly IntervalSpan[],
): FieldError[] {
  const errors: FieldError[] = [];
  if (body.metric !== 'members') {
    errors.push({
      path: 'body.metric',
      message: 'Without a cohortId only members can be computed; save a cohort for entered/left',
    });
  }
  if (spans.length > AD_HOC_TREND_POINTS_MAX) {
    errors.push({
      path: 'body.interval',
      message: `Without a cohortId a trend has at most ${AD_HOC_TREND_POINTS_MAX} points; choose a longer interval or a shorter range`,
    });
  }
  const filters = body.filters ?? [];
  return [...errors, ...checkCohortFilters(catalogue, segment.baseTable, filters)];
}

/**
 * `POST segments/{id}/trend` and `…/rolling-avg` (docs/architecture.md §6): a saved cohort's points come
 * from its snapshots; unsaved filters are evaluated as of the end of each interval (and
 * answer "preparing" before the first load, like the data endpoint). `window` given: each
 * point becomes the rolling mean of the last `window` points.
 */
export async function readTrend(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  segmentId: string,
  body: TrendRequest,
  window: number | null,
): Promise<Readiness<TrendResponse>> {
  const orgId = auth.org.id;
  const spans = trendIntervals(body.from, body.to, body.interval);
  const answer = (source: TrendResponse['source'], points: TrendResponse['points']) => ({
    state: 'ready' as const,
    value: {
      metric: body.metric,
      interval: body.interval,
      window,
      source,
      points: window === null ? points : rollingMean(points, window),
    },
  });

  if (body.cohortId) {
    const cohort = await requireSegmentCohort(db, auth, segmentId, body.cohortId);
    return answer(
      'snapshots',
      await readSnapshotTrend(warehouse.engine, orgId, cohort.id, body.metric, spans),
    );
  }
  const segment = await requireSegment(db, orgId, segmentId);
  const errors = adHocErrors(await warehouse.reader.catalogue(orgId), segment, body, spans);
  if (errors.length > 0) throw badRequest('The trend request is invalid', errors);
  if ((await warehouse.reader.status(orgId)).state === 'preparing') return { state: 'preparing' };
  const definition = {
    table: segment.baseTable,
    baseFilters: segment.filters,
    filters: body.filters ?? [],
  };
  const points = await computeMembersTrend(warehouse.engine, orgId, definition, spans).catch(
    (error: unknown) => {
      throw isWarehouseOutOfMemory(error) ? tooLargeToCompute() : error;
    },
  );
  return answer('computed', points);
}

/**
 * Evaluating unsaved filters as of past days rebuilds the segment per point; on a large
 * warehouse that can exceed the engine's memory. A saved cohort's trend comes from its daily
 * snapshots instead, whatever the size.
 */
const tooLargeToCompute = () =>
  new HttpError(422, 'This trend is too large to compute from unsaved filters', [
    {
      path: 'body.filters',
      message: 'Save these filters as a cohort: its trend is kept from daily snapshots',
    },
  ]);
