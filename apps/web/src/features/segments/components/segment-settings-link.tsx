import { SettingOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';

/** The segment page's way into its settings tabs. */
export function SegmentSettingsLink({ segmentId }: { segmentId: string }) {
  return (
    <Link to={APP_ROUTES.segmentSettings(segmentId)} className="inline-flex items-center gap-1">
      <SettingOutlined aria-hidden="true" /> Segment settings
    </Link>
  );
}
