import { APP_ROUTES } from '@revlane/contracts';
import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSegmentMenu } from '../hooks/use-segment-menu';
import { buildMenuItems, CREATE_SEGMENT_KEY, type SegmentMenuState } from '../lib/menu-items';
import { getMenuLocation, segmentItemKey } from '../lib/menu-location';

const ROUTE_BY_KEY: Record<string, string> = {
  home: APP_ROUTES.home,
  connections: APP_ROUTES.connections,
  plays: APP_ROUTES.plays,
  alerts: APP_ROUTES.notifications,
};

const SEGMENT_KEY_PREFIX = segmentItemKey('');

function toRoute(key: string): string | undefined {
  if (key.startsWith(SEGMENT_KEY_PREFIX)) {
    return APP_ROUTES.segment(key.slice(SEGMENT_KEY_PREFIX.length));
  }
  return ROUTE_BY_KEY[key];
}

interface SidebarMenuProps {
  isMini: boolean;
  unreadAlerts: number;
  /** "Create new..." under Segments: the app shell opens the create-segment dialog. */
  onCreateSegment: () => void;
}

/** The sidebar menu (docs/product.md §2); the section of the current page opens by itself. */
export function SidebarMenu({ isMini, unreadAlerts, onCreateSegment }: SidebarMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segments = useSegmentMenu();
  const { selectedKey, sectionKey } = getMenuLocation(pathname);

  const [openKeys, setOpenKeys] = useState<string[]>(sectionKey ? [sectionKey] : []);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  // Adjusted during render (not in an effect) so the section is open on the first paint.
  const [openedFor, setOpenedFor] = useState(sectionKey);
  if (sectionKey !== openedFor) {
    setOpenedFor(sectionKey);
    if (sectionKey && !openKeys.includes(sectionKey)) setOpenKeys([...openKeys, sectionKey]);
  }

  const state: SegmentMenuState = segments.isPending
    ? { status: 'pending' }
    : segments.isError
      ? { status: 'error' }
      : { status: 'success', segments: segments.data };

  // Pointer clicks follow the item's link; Enter on a focused item lands here instead.
  const handleClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === CREATE_SEGMENT_KEY) {
      // The mini sidebar shows the section as a popup: it closes behind the dialog.
      setPopupKeys([]);
      onCreateSegment();
      return;
    }
    const route = toRoute(key);
    if (route && domEvent.type === 'keydown') void navigate(route);
  };

  return (
    <Menu
      mode="inline"
      aria-label="Main"
      // Its items and section titles are the Tab stops; the list itself is not one more.
      tabIndex={-1}
      tooltip={false}
      items={buildMenuItems(state, isMini, unreadAlerts)}
      selectedKeys={selectedKey ? [selectedKey] : []}
      openKeys={isMini ? popupKeys : openKeys}
      onOpenChange={isMini ? setPopupKeys : setOpenKeys}
      onClick={handleClick}
      className="sidebar-menu !border-e-0"
    />
  );
}
