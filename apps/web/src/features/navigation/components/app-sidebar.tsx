import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { APP_ROUTES, SIDEBAR_MINI_WIDTH_PX } from '@revlane/contracts';
import { Button, Layout } from 'antd';
import { Link } from 'react-router';
import { Logo } from '@/common/ui/logo';
import { useMiniSidebar } from '../hooks/use-mini-sidebar';
import { SidebarMenu } from './sidebar-menu';
import { SidebarProfileLink, type SidebarUser } from './sidebar-profile-link';

interface AppSidebarProps {
  user: SidebarUser;
  onSignOut: () => void;
  /** Unread firings of the user's in-app alerts: the "Alerts" item's badge. */
  unreadAlerts?: number;
  /** The menu's "Create new..." under Segments (the dialog belongs to the segments feature). */
  onCreateSegment: () => void;
}

/** The app shell's collapsible sidebar: 72px mini, `w-72` expanded (docs/product.md §2, §9). */
export function AppSidebar({
  user,
  onSignOut,
  unreadAlerts = 0,
  onCreateSegment,
}: AppSidebarProps) {
  const [isMini, toggleMini] = useMiniSidebar();
  return (
    <Layout.Sider
      theme="light"
      collapsed={isMini}
      collapsedWidth={SIDEBAR_MINI_WIDTH_PX}
      width="18rem"
      trigger={null}
      aria-label="Sidebar"
      data-mini={isMini}
      className={`!sticky top-0 h-screen shrink-0 border-e border-slate-200 ${isMini ? 'w-[72px]' : 'w-72'}`}
    >
      <div className="flex h-full flex-col">
        <div
          className={`flex items-center gap-2 px-4 py-4 ${isMini ? 'flex-col px-2' : 'justify-between'}`}
        >
          <Link to={APP_ROUTES.home} aria-label="Revlane home" className="flex">
            <Logo className={isMini ? '[&>span:last-child]:hidden' : ''} />
          </Link>
          <Button
            type="text"
            aria-label={isMini ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!isMini}
            icon={isMini ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleMini}
          />
        </div>
        <nav
          aria-label="Main navigation"
          className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden"
        >
          <SidebarMenu
            isMini={isMini}
            unreadAlerts={unreadAlerts}
            onCreateSegment={onCreateSegment}
          />
        </nav>
        <div className="border-t border-slate-200 p-2">
          <SidebarProfileLink user={user} isMini={isMini} onSignOut={onSignOut} />
        </div>
      </div>
    </Layout.Sider>
  );
}
