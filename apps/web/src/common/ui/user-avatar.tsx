import { Avatar } from 'antd';
import { getInitials } from '@/common/lib/initials';

interface UserAvatarProps {
  name: string | null | undefined;
  photo: string | null | undefined;
  size?: number;
}

/** The user's photo, or their initials when there is none (docs/product.md §2). Decorative. */
export function UserAvatar({ name, photo, size = 36 }: UserAvatarProps) {
  if (photo) return <Avatar src={photo} alt="" size={size} className="shrink-0" />;
  return (
    <Avatar size={size} className="shrink-0 !bg-brand-100 font-semibold !text-brand-700">
      {getInitials(name)}
    </Avatar>
  );
}
