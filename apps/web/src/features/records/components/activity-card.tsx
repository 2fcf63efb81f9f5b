import type { RecordKind } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { useRecordActivity } from '../api/get-record-activity';
import { summarizeActivity } from '../lib/activity-summary';
import { ActivityChart } from './activity-chart';
import { EmptyNote } from './empty-note';

/** Days of activity the page charts (docs/product.md §2, Accounts and users). */
export const ACTIVITY_DAYS = 180;

/** The record's events per day over the last 180 days, with the chart's summary in words. */
export function ActivityCard({ kind, id }: { kind: RecordKind; id: string }) {
  const activity = useRecordActivity(kind, id, ACTIVITY_DAYS);
  const summary = activity.data ? summarizeActivity(activity.data.days) : null;
  return (
    <SectionCard title="Activity" description={`Events per day, last ${ACTIVITY_DAYS} days`}>
      {activity.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : activity.isError ? (
        <LoadError
          title="The activity could not be loaded."
          onRetry={() => void activity.refetch()}
        />
      ) : summary === null ? (
        <EmptyNote>{`No activity in the last ${ACTIVITY_DAYS} days`}</EmptyNote>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">{summary}</p>
          <ActivityChart days={activity.data.days} />
        </>
      )}
    </SectionCard>
  );
}
