import { Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useCohortChanges } from '../../api/get-cohort-changes';
import type { RecordVocabulary } from '../../lib/record-vocabulary';
import { formatDay } from '../../lib/trend-series';
import { utcDaysAgo } from '../../lib/utc-day';
import { LoadError } from '../load-error';
import { ChangeTable } from './change-table';
import { SectionCard } from '@/common/ui/section-card';

/** A week back: long enough to see movement, short enough to read through. */
const DEFAULT_SINCE_DAYS = 7;

interface CohortChangesCardProps {
  cohortId: string;
  vocabulary: RecordVocabulary;
}

/** Who entered and who left the cohort since a chosen day (membership snapshots' diff). */
export function CohortChangesCard({ cohortId, vocabulary }: CohortChangesCardProps) {
  const [since, setSince] = useState(() => utcDaysAgo(DEFAULT_SINCE_DAYS));
  const query = useCohortChanges(cohortId, since);
  const today = utcDaysAgo(0);

  return (
    <SectionCard title={`Entered / Left since ${formatDay(since)}`}>
      <div className="flex flex-col gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Since
          <Input
            type="date"
            className="!w-44"
            value={since}
            max={today}
            // An emptied or half-typed date keeps the last complete one.
            onChange={(event) => event.target.value && setSince(event.target.value)}
          />
        </label>
        {query.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
        {query.isError && (
          <LoadError
            title="The changes could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && (
          <div className="grid gap-6 lg:grid-cols-2" aria-busy={query.isPlaceholderData}>
            <ChangeTable title="Entered" changes={query.data.entered} vocabulary={vocabulary} />
            <ChangeTable title="Left" changes={query.data.left} vocabulary={vocabulary} />
          </div>
        )}
      </div>
    </SectionCard>
  );
}
