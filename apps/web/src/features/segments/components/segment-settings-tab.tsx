import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { useColumnCatalogue } from '../api/get-column-catalogue';
import { useSegmentDetail } from '../api/get-segment';
import type { SegmentSettingsTab } from '../lib/settings-tabs';
import { ColumnsSettings } from './settings/columns-settings';
import { DeleteSegmentSection } from './settings/delete-segment-section';
import { GeneralSettings } from './settings/general-settings';
import { GroupingSettings } from './settings/grouping-settings';
import { SortingSettings } from './settings/sorting-settings';

interface SegmentSettingsTabProps {
  segmentId: string;
  tab: SegmentSettingsTab;
  /** The notifications tab: the alerts feature's list, composed by the route. */
  notificationsTab: ReactNode;
}

/** One settings tab's form, started from the saved settings. */
export function SegmentSettingsTabContent({
  segmentId,
  tab,
  notificationsTab,
}: SegmentSettingsTabProps) {
  const segment = useSegmentDetail(segmentId).data;
  const catalogue = useColumnCatalogue(segment?.baseTable);
  if (tab === 'notifications') return notificationsTab;
  if (!segment) return <Skeleton active />;
  if (tab === 'general') {
    return (
      <>
        <GeneralSettings segment={segment} />
        <DeleteSegmentSection segment={segment} />
      </>
    );
  }
  if (!catalogue.data) return <Skeleton active />;
  const props = { segment, catalogue: catalogue.data };
  if (tab === 'columns') return <ColumnsSettings {...props} />;
  if (tab === 'grouping') return <GroupingSettings {...props} />;
  return <SortingSettings {...props} />;
}
