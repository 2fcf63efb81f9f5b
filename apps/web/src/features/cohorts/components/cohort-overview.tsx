import { TeamOutlined } from '@ant-design/icons';
import type { Cohort } from '@revlane/contracts';
import { formatMembers } from '../lib/format-count';
import { formatTimestamp } from '@/common/lib/format-timestamp';

/** The cohort's name and its size at the latest membership snapshot. */
export function CohortOverview({ cohort }: { cohort: Cohort }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <h2 className="text-lg font-semibold text-slate-900">{cohort.name}</h2>
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        <TeamOutlined aria-hidden="true" />
        {cohort.members === null ? (
          'Not counted yet: members are counted after the next data load.'
        ) : (
          <>
            <span className="font-semibold text-slate-900">{formatMembers(cohort.members)}</span>
            {cohort.snapshotAt && <span>as of {formatTimestamp(cohort.snapshotAt)}</span>}
          </>
        )}
      </p>
    </div>
  );
}
