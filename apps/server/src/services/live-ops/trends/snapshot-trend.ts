import type { TrendPoint } from '@revlane/contracts';
import type { Warehouse } from '../../../warehouse/index.js';
import { readCohortCounts } from '../cohorts/cohort-counts.repository.js';
import { snapshotPoints, type IntervalSpan, type SnapshotMetric } from './trend-series.js';

/** A saved cohort's trend from its daily membership counts (no rescan of events). */
export async function readSnapshotTrend(
  warehouse: Warehouse,
  orgId: string,
  cohortId: string,
  metric: SnapshotMetric,
  spans: readonly IntervalSpan[],
): Promise<TrendPoint[]> {
  const from = spans[0]!.date;
  const to = spans.at(-1)!.lastDay;
  const days = await readCohortCounts(warehouse, orgId, [cohortId], from, to);
  return snapshotPoints(spans, days, metric);
}
