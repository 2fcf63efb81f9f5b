import { SettingOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { SegmentFrame } from './segment-frame';
import { SegmentWorkspace } from './segment-workspace';

interface CohortPageProps {
  segmentId: string;
  /** Cohorts arrive later; a cohort's route shows its segment's table for now. */
  cohortId?: string;
}

/** A segment's page: its header and its table with filters, search, grouping and export. */
export function CohortPage({ segmentId }: CohortPageProps) {
  return (
    <SegmentFrame
      segmentId={segmentId}
      actions={
        <Link to={APP_ROUTES.segmentSettings(segmentId)} className="inline-flex items-center gap-1">
          <SettingOutlined aria-hidden="true" /> Segment settings
        </Link>
      }
    >
      {(segment) => <SegmentWorkspace key={segment.id} segment={segment} />}
    </SegmentFrame>
  );
}
