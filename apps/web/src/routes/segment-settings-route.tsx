import { Outlet, useLocation, useParams } from 'react-router';
import { SegmentSettingsLayout, toSettingsTab } from '@/features/segments';

/** `segments/:segmentId/settings`: the tabs; each tab is a child route. */
export default function SegmentSettingsRoute() {
  const { segmentId = '' } = useParams();
  const { pathname } = useLocation();
  const activeTab = toSettingsTab(pathname.split('/').filter(Boolean).pop());
  return (
    <SegmentSettingsLayout segmentId={segmentId} activeTab={activeTab}>
      <Outlet />
    </SegmentSettingsLayout>
  );
}
