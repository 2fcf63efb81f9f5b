import { useLocation, useParams } from 'react-router';
import { SegmentAlerts } from '@/features/alerts';
import { SegmentSettingsTabContent, toSettingsTab } from '@/features/segments';

/** One settings tab: general, columns, grouping, sorting or notifications. */
export default function SegmentSettingsTabRoute() {
  const { segmentId = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <SegmentSettingsTabContent
      key={segmentId}
      segmentId={segmentId}
      tab={toSettingsTab(pathname.split('/').pop())}
      notificationsTab={<SegmentAlerts segmentId={segmentId} />}
    />
  );
}
