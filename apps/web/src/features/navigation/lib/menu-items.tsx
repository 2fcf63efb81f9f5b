import {
  BarChartOutlined,
  BellOutlined,
  CloudSyncOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { APP_ROUTES, type SegmentSummary } from '@revlane/contracts';
import { Badge, Tag, type MenuProps } from 'antd';
import { Link } from 'react-router';
import { ComingSoonLabel, COMING_SOON, MenuIcon, SectionLabel } from '../components/menu-labels';
import { distinctInitials } from './menu-initials';
import { segmentItemKey } from './menu-location';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The menu's top-level entries, which the mini sidebar shows by their initials. */
const TOP_LEVEL = [
  'Home',
  'Setup',
  'Metrics',
  'Segments',
  'Plays',
  'Activations',
  'Scores',
  'Alerts',
  'Help',
] as const;
type TopLevelLabel = (typeof TOP_LEVEL)[number];
const INITIALS = new Map(
  distinctInitials(TOP_LEVEL).map((initials, at) => [TOP_LEVEL[at]!, initials]),
);

export type SegmentMenuState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; segments: SegmentSummary[] };

/** The Segments section's last entry: it opens the create-segment dialog (the menu's `onClick`). */
export const CREATE_SEGMENT_KEY = 'segments-create';

function segmentItems(state: SegmentMenuState, isMini: boolean): MenuItem[] {
  const createNew: MenuItem = { key: CREATE_SEGMENT_KEY, label: 'Create new...' };
  if (state.status === 'pending') {
    return [{ key: 'segments-loading', label: isMini ? '...' : 'Loading...', disabled: true }];
  }
  if (state.status === 'error') {
    return [{ key: 'segments-error', label: 'Segments unavailable', disabled: true }, createNew];
  }
  const entries: MenuItem[] = state.segments.map((segment) => ({
    key: segmentItemKey(segment.id),
    label: (
      <Link to={APP_ROUTES.segment(segment.id)} className="flex items-center justify-between gap-2">
        <span className="truncate">{segment.name}</span>
        {segment.disabled && (
          <Tag className="!m-0" aria-label="(disabled)">
            Disabled
          </Tag>
        )}
      </Link>
    ),
  }));
  if (entries.length === 0) {
    // An organization without data has no segments yet: they come with its first published
    // mapping of a data source (ADR 0019), so the way on is Connections.
    entries.push({
      key: 'segments-none',
      label: <Link to={APP_ROUTES.connections}>No data yet: connect a data source</Link>,
    });
  }
  return [...entries, createNew];
}

/**
 * The menu of docs/product.md §2, in its order; `isMini` switches icons to initials.
 * `unreadAlerts` is the count of unread alert firings the "Alerts" item shows.
 */
export function buildMenuItems(
  segments: SegmentMenuState,
  isMini: boolean,
  unreadAlerts = 0,
): MenuItem[] {
  const icon = (node: React.ReactNode, label: TopLevelLabel, tooltip?: string, count?: number) => (
    <MenuIcon
      icon={node}
      label={label}
      initials={INITIALS.get(label)}
      isMini={isMini}
      tooltip={tooltip}
      count={count}
    />
  );
  const section = (node: React.ReactNode, label: TopLevelLabel) => (
    // Sections open a popup in the mini sidebar, which names them already.
    <MenuIcon
      icon={node}
      label={label}
      initials={INITIALS.get(label)}
      isMini={isMini}
      tooltip={false}
    />
  );
  const soon = (key: string, label: string): MenuItem => ({
    key,
    label: <ComingSoonLabel>{label}</ComingSoonLabel>,
    disabled: true,
  });

  return [
    {
      key: 'home',
      icon: icon(<HomeOutlined />, 'Home'),
      label: <Link to={APP_ROUTES.home}>Home</Link>,
    },
    {
      key: 'setup',
      icon: section(<SettingOutlined />, 'Setup'),
      label: <SectionLabel>Setup</SectionLabel>,
      children: [
        { key: 'connections', label: <Link to={APP_ROUTES.connections}>Connections</Link> },
        soon('mappings', 'Mappings'),
      ],
    },
    {
      key: 'metrics',
      icon: section(<BarChartOutlined />, 'Metrics'),
      label: <SectionLabel>Metrics</SectionLabel>,
      children: [
        soon('metrics-product', 'Product'),
        soon('metrics-customer-success', 'Customer Success'),
        soon('metrics-finance', 'Finance'),
      ],
    },
    {
      key: 'segments',
      icon: section(<TeamOutlined />, 'Segments'),
      label: <SectionLabel>Segments</SectionLabel>,
      children: segmentItems(segments, isMini),
    },
    {
      key: 'plays',
      icon: icon(<ThunderboltOutlined />, 'Plays'),
      label: <Link to={APP_ROUTES.plays}>Plays</Link>,
    },
    {
      key: 'activations',
      icon: icon(<CloudSyncOutlined />, 'Activations'),
      label: <Link to={APP_ROUTES.activations}>Activations</Link>,
    },
    {
      key: 'scores',
      icon: icon(<TrophyOutlined />, 'Scores'),
      label: <Link to={APP_ROUTES.scores}>Scores</Link>,
    },
    {
      key: 'alerts',
      icon: icon(<BellOutlined />, 'Alerts', undefined, unreadAlerts),
      label: (
        <Link to={APP_ROUTES.notifications} className="flex items-center justify-between gap-2">
          <span>Alerts</span>
          {unreadAlerts > 0 && (
            <Badge count={unreadAlerts} size="small" aria-label={`${unreadAlerts} unread`} />
          )}
        </Link>
      ),
    },
    {
      key: 'help',
      icon: icon(<QuestionCircleOutlined />, 'Help', COMING_SOON),
      label: <ComingSoonLabel>Help</ComingSoonLabel>,
      disabled: true,
    },
  ];
}
