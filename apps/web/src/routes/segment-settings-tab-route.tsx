import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { SegmentAlerts } from '@/features/alerts';
import { navigationKeys } from '@/features/navigation';
import { SegmentSettingsTabContent, toSettingsTab } from '@/features/segments';

/** One settings tab: general, columns, grouping, sorting or notifications. */
export default function SegmentSettingsTabRoute() {
  const { segmentId = '' } = useParams();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The sidebar lists segment names; a renamed or disabled segment must show there too.
  const refreshMenu = () => void queryClient.invalidateQueries({ queryKey: navigationKeys.all });
  return (
    <SegmentSettingsTabContent
      key={segmentId}
      segmentId={segmentId}
      tab={toSettingsTab(pathname.split('/').pop())}
      onSaved={refreshMenu}
      notificationsTab={<SegmentAlerts segmentId={segmentId} />}
    />
  );
}
