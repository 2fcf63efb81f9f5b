import { LogoutOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Button, Tooltip } from 'antd';
import { NavLink } from 'react-router';
import { UserAvatar } from '@/common/ui/user-avatar';

export interface SidebarUser {
  name: string | undefined;
  photo: string | null | undefined;
}

interface SidebarProfileLinkProps {
  user: SidebarUser;
  isMini: boolean;
  onSignOut: () => void;
}

/** Bottom of the sidebar (docs/product.md §2): photo, display name and 'View profile'; then sign out. */
export function SidebarProfileLink({ user, isMini, onSignOut }: SidebarProfileLinkProps) {
  const link = (
    <NavLink
      to={APP_ROUTES.profile}
      aria-label={isMini ? `${user.name ?? 'Your profile'}, View profile` : undefined}
      className={({ isActive }) =>
        `flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 !text-slate-900 hover:bg-slate-100 ${
          isActive ? 'bg-brand-50' : ''
        } ${isMini ? 'justify-center' : ''}`
      }
    >
      <UserAvatar name={user.name} photo={user.photo} />
      {!isMini && (
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{user.name ?? 'Your profile'}</span>
          <span className="block text-xs text-slate-500">View profile</span>
        </span>
      )}
    </NavLink>
  );
  const signOut = (
    <Tooltip title="Sign out" placement={isMini ? 'right' : 'top'}>
      <Button type="text" icon={<LogoutOutlined />} aria-label="Sign out" onClick={onSignOut} />
    </Tooltip>
  );
  return (
    <div className={`flex gap-1 ${isMini ? 'flex-col items-center' : 'items-center'}`}>
      {isMini ? (
        <Tooltip title="View profile" placement="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
      {signOut}
    </div>
  );
}
