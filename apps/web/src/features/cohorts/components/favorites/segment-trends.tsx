import type { FavoriteCohort } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useCohortTrends } from '../../api/get-cohort-trends';
import { LoadError } from '@/common/ui/load-error';
import { CohortSparklineRow, type SparklineComponent } from './cohort-sparkline-row';

interface SegmentTrendsProps {
  Sparkline: SparklineComponent;
  /** The user's trend range (dashboard settings): 30, 90 or 180 days. */
  days: number;
}

/** The cohorts grouped under their segment, in the order the server gives (menu order). */
function bySegment(cohorts: FavoriteCohort[]) {
  const groups = new Map<string, { name: string; cohorts: FavoriteCohort[] }>();
  for (const cohort of cohorts) {
    const group = groups.get(cohort.segmentId) ?? { name: cohort.segmentName, cohorts: [] };
    group.cohorts.push(cohort);
    groups.set(cohort.segmentId, group);
  }
  return [...groups.entries()];
}

/**
 * Home's "Segment trends" (ADR 0013): every cohort with history in the user's range, starred
 * or not, under its segment, with its members per day.
 */
export function SegmentTrends({ Sparkline, days }: SegmentTrendsProps) {
  const query = useCohortTrends(days);
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (query.isError) {
    return (
      <LoadError
        title="Segment trends could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        {`No segment trends yet. Cohort sizes over the last ${days} days will show here.`}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {bySegment(query.data).map(([segmentId, segment]) => (
        <div key={segmentId}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {segment.name}
          </h4>
          <ul aria-label={`Cohorts of ${segment.name}`} className="divide-y divide-slate-100">
            {segment.cohorts.map((cohort) => (
              <CohortSparklineRow
                key={cohort.id}
                cohort={cohort}
                Sparkline={Sparkline}
                days={days}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
