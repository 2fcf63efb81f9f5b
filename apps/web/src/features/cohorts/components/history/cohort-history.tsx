import { Skeleton } from 'antd';
import { useCohortVersions } from '../../api/get-cohort-versions';
import type { RecordVocabulary } from '../../lib/record-vocabulary';
import { LoadError } from '@/common/ui/load-error';
import { VersionEntry } from './version-entry';

interface CohortHistoryProps {
  cohortId: string;
  vocabulary: RecordVocabulary;
}

/** Every change of the cohort's name and filters, newest first. */
export function CohortHistory({ cohortId, vocabulary }: CohortHistoryProps) {
  const query = useCohortVersions(cohortId);
  return (
    <>
      {query.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {query.isError && (
        <LoadError
          title="The history could not be loaded."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data?.length === 0 && <p className="text-sm text-slate-600">No changes yet.</p>}
      {query.data && query.data.length > 0 && (
        <ol aria-label="Versions" className="flex flex-col gap-4">
          {query.data.map((version) => (
            <VersionEntry
              key={version.version}
              version={version}
              describeFilter={vocabulary.describeFilter}
            />
          ))}
        </ol>
      )}
    </>
  );
}
