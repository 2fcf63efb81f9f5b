import { SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SegmentFrame } from './segment-frame';

interface CohortPageProps {
  segmentId: string;
  cohortId?: string;
}

/** A segment's page: its cohorts and table. Until its data arrives, what will be here. */
export function CohortPage({ segmentId, cohortId }: CohortPageProps) {
  return (
    <SegmentFrame
      segmentId={segmentId}
      actions={
        <Link to={APP_ROUTES.segmentSettings(segmentId)} className="inline-flex items-center gap-1">
          <SettingOutlined aria-hidden="true" /> Segment settings
        </Link>
      }
    >
      <EmptyState
        icon={<TeamOutlined />}
        title={cohortId ? 'This cohort has no data yet' : 'No cohorts yet'}
      >
        {cohortId
          ? 'Once the segment has loaded its data, the records matching this cohort show here with their trend.'
          : 'Cohorts are saved filters on this segment, such as "Free accounts with 5+ active users". Once the segment has loaded its data, its table, filters and cohorts show here.'}
      </EmptyState>
    </SegmentFrame>
  );
}
