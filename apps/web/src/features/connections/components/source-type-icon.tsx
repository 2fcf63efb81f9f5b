import {
  BarChartOutlined,
  CloudOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { SourceType } from '@revlane/contracts';

const ICONS: Record<SourceType, typeof DatabaseOutlined> = {
  postgres: DatabaseOutlined,
  mysql: DatabaseOutlined,
  csv: FileTextOutlined,
  google_sheets: TableOutlined,
  redash: BarChartOutlined,
  salesforce: CloudOutlined,
  hubspot: CloudOutlined,
  intercom: CloudOutlined,
  outreach: CloudOutlined,
};

/** A source type's icon in its tile (decorative: the type is also written out). */
export function SourceTypeIcon({ type }: { type: SourceType }) {
  const Icon = ICONS[type];
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-xl text-brand-600 ring-1 ring-brand-100"
    >
      <Icon />
    </span>
  );
}
