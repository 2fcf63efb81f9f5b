import { APP_ROUTES } from '@revlane/contracts';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEGMENT_SETTINGS_TABS, type SegmentSettingsTab } from '../lib/settings-tabs';
import { SegmentFrame } from './segment-frame';

interface SegmentSettingsLayoutProps {
  segmentId: string;
  activeTab: SegmentSettingsTab;
  children: ReactNode;
}

/** The settings tabs of docs/product.md §2; each tab is its own route. */
export function SegmentSettingsLayout({
  segmentId,
  activeTab,
  children,
}: SegmentSettingsLayoutProps) {
  const navigate = useNavigate();
  return (
    <SegmentFrame
      segmentId={segmentId}
      actions={<Link to={APP_ROUTES.segment(segmentId)}>Back to the segment</Link>}
    >
      {() => (
        <Tabs
          activeKey={activeTab}
          onChange={(tab) => void navigate(`${APP_ROUTES.segmentSettings(segmentId)}/${tab}`)}
          items={SEGMENT_SETTINGS_TABS.map((tab) => ({
            key: tab.id,
            label: tab.label,
            children: tab.id === activeTab ? children : null,
          }))}
        />
      )}
    </SegmentFrame>
  );
}
