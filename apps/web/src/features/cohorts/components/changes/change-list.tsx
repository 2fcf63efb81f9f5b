import type { CohortChangeKind } from '@revlane/contracts';
import { Pagination, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { CHANGES_PER_PAGE, useCohortChanges } from '../../api/get-cohort-changes';
import { formatCount } from '../../lib/format-count';
import type { RecordVocabulary } from '../../lib/record-vocabulary';
import { LoadError } from '@/common/ui/load-error';
import { ChangeTable } from './change-table';

interface ChangeListProps {
  title: string;
  request: { cohortId: string; since: string; change: CohortChangeKind };
  vocabulary: RecordVocabulary;
  exportControl?: ReactNode;
}

/** One list (Entered or Left): a page of records, the pages, and its export. */
export function ChangeList({ title, request, vocabulary, exportControl }: ChangeListProps) {
  const [page, setPage] = useState(1);
  const { cohortId, since, change } = request;
  const query = useCohortChanges(cohortId, { since, change, page });
  const list = query.data?.[change];
  const heading = list ? `${title} (${formatCount(list.total)})` : title;
  const first = (page - 1) * CHANGES_PER_PAGE;

  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
        {list && list.total > 0 && exportControl}
      </div>
      {query.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {query.isError && (
        <LoadError
          title="The changes could not be loaded."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {list && (
        <div aria-busy={query.isPlaceholderData} className="flex flex-col gap-2">
          <ChangeTable rows={list.rows} vocabulary={vocabulary} />
          {list.total > CHANGES_PER_PAGE && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-500">
                {`Showing ${formatCount(first + 1)}–${formatCount(first + list.rows.length)} of ${formatCount(list.total)}`}
              </p>
              <Pagination
                size="small"
                simple
                current={page}
                pageSize={CHANGES_PER_PAGE}
                total={list.total}
                showSizeChanger={false}
                onChange={setPage}
                aria-label={`Pages of ${title}`}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
