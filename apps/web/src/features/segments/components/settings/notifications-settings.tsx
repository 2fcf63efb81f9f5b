import { BellOutlined } from '@ant-design/icons';
import { EmptyState } from '@/common/ui/empty-state';

/** Alerts of this segment: none can exist yet. */
export function NotificationsSettings() {
  return (
    <EmptyState icon={<BellOutlined />} title="No alerts for this segment yet">
      Alerts come later: they will watch cohorts of this segment and tell you in the app, on Slack
      or by email when records enter or leave them.
    </EmptyState>
  );
}
