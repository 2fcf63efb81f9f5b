import { EmptyState } from '@/shared/ui/empty-state';
import { SEGMENT_SETTINGS_TABS, type SegmentSettingsTab } from '../lib/settings-tabs';

/** A settings tab whose form arrives with the segments issue: says what it will hold. */
export function SegmentSettingsTabContent({ tab }: { tab: SegmentSettingsTab }) {
  const definition = SEGMENT_SETTINGS_TABS.find((candidate) => candidate.id === tab)!;
  return (
    <EmptyState title={`No ${definition.label.toLowerCase()} settings yet`}>
      {definition.empty} These settings become available once the segment has loaded its data.
    </EmptyState>
  );
}
