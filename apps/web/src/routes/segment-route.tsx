import { useParams } from 'react-router';
import { CohortList, SaveCohortButton } from '@/features/cohorts';
import {
  SegmentFrame,
  SegmentSettingsLink,
  SegmentWorkspace,
  useSegmentView,
} from '@/features/segments';
import { CohortSection } from './cohort-section';

interface SegmentPageProps {
  segmentId: string;
  cohortId?: string;
}

/** The cohort page: the segment's cohorts beside the table, or beside one cohort's view. */
function SegmentPage({ segmentId, cohortId }: SegmentPageProps) {
  const { view } = useSegmentView();
  return (
    <SegmentFrame
      segmentId={segmentId}
      actions={
        <div className="flex flex-wrap items-center gap-4">
          <SaveCohortButton segmentId={segmentId} filters={view.filters ?? []} />
          <SegmentSettingsLink segmentId={segmentId} />
        </div>
      }
    >
      {(segment) => (
        // The list sets its own width: folded, the table takes the rest of the page.
        <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
          <CohortList segmentId={segment.id} activeCohortId={cohortId} />
          <div className="flex min-w-0 flex-col gap-6">
            {cohortId ? (
              <CohortSection segment={segment} cohortId={cohortId} />
            ) : (
              <SegmentWorkspace segment={segment} />
            )}
          </div>
        </div>
      )}
    </SegmentFrame>
  );
}

/** `segments/:segmentId` and `segments/:segmentId/:cohortId`: the cohort page (docs/product.md §2). */
export default function SegmentRoute() {
  const { segmentId = '', cohortId } = useParams();
  // A new cohort starts fresh: its filters go into the URL on arrival.
  return (
    <SegmentPage key={`${segmentId}/${cohortId ?? ''}`} segmentId={segmentId} cohortId={cohortId} />
  );
}
