import { useLocation } from 'react-router';
import { SegmentSettingsTabContent, toSettingsTab } from '@/features/segments';

/** One settings tab: general, columns, grouping, sorting or notifications. */
export default function SegmentSettingsTabRoute() {
  const { pathname } = useLocation();
  return <SegmentSettingsTabContent tab={toSettingsTab(pathname.split('/').pop())} />;
}
