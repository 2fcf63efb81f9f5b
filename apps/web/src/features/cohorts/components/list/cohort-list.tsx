import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { APP_ROUTES, type Cohort } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSegmentCohorts } from '../../api/get-segment-cohorts';
import { LoadError } from '@/common/ui/load-error';
import { CohortListItem } from './cohort-list-item';
import { DeleteCohortDialog } from './delete-cohort-dialog';

interface CohortListProps {
  segmentId: string;
  /** The cohort the page shows, if any. */
  activeCohortId?: string;
}

function NoCohorts() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
      <p className="font-medium text-slate-900">No cohorts yet</p>
      <p className="mt-1">
        Filter the table, then use &ldquo;Save as cohort&rdquo; to keep those filters and follow how
        many records match over time.
      </p>
    </div>
  );
}

/**
 * The segment's cohorts, favorites first; the whole segment is the first entry. The list
 * folds away under its title, leaving the table the page's width (docs/product.md §2).
 */
export function CohortList({ segmentId, activeCohortId }: CohortListProps) {
  const query = useSegmentCohorts(segmentId);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Cohort | null>(null);
  const [isExpanded, setExpanded] = useState(true);
  const titleId = useId();
  const contentId = useId();

  const handleDeleted = (cohort: Cohort) => {
    setDeleting(null);
    if (cohort.id === activeCohortId) void navigate(APP_ROUTES.segment(segmentId));
  };

  return (
    <nav aria-labelledby={titleId} className={`flex flex-col gap-2 ${isExpanded ? 'lg:w-56' : ''}`}>
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? contentId : undefined}
          onClick={() => setExpanded(!isExpanded)}
          className="flex cursor-pointer items-center gap-1.5 rounded border-0 bg-transparent p-0 font-semibold text-slate-900"
        >
          {isExpanded ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
          Cohorts
        </button>
      </h2>
      {isExpanded && (
        <div id={contentId} className="flex flex-col gap-2">
          <Link
            to={APP_ROUTES.segment(segmentId)}
            aria-current={activeCohortId ? undefined : 'page'}
            className={`rounded-lg px-2 py-1 ${activeCohortId ? '' : 'bg-brand-50 font-semibold'}`}
          >
            All records
          </Link>
          {query.isPending && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
          {query.isError && (
            <LoadError
              title="The cohorts could not be loaded."
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
          {query.data?.length === 0 && <NoCohorts />}
          {query.data && query.data.length > 0 && (
            <ul aria-label="Cohorts of this segment" className="flex flex-col gap-0.5">
              {query.data.map((cohort) => (
                <CohortListItem
                  key={cohort.id}
                  cohort={cohort}
                  isActive={cohort.id === activeCohortId}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      {deleting && (
        <DeleteCohortDialog
          cohort={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => handleDeleted(deleting)}
        />
      )}
    </nav>
  );
}
