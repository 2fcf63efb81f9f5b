import { UserSwitchOutlined } from '@ant-design/icons';
import { Button } from 'antd';

interface ImpersonationBannerProps {
  name: string;
  onStop: () => void;
}

/** Always visible while support acts as a user (docs/product.md §6), with the way out. */
export function ImpersonationBanner({ name, onStop }: ImpersonationBannerProps) {
  return (
    <div
      role="region"
      aria-label="Impersonation"
      className="flex items-center justify-between gap-4 bg-amber-100 px-6 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <span className="flex min-w-0 items-center gap-2">
        <UserSwitchOutlined aria-hidden="true" />
        <strong className="truncate font-semibold">{`Impersonating ${name}`}</strong>
        <span className="hidden text-amber-900/80 md:inline">
          Changes you make are recorded in the audit log.
        </span>
      </span>
      <Button size="small" onClick={onStop}>
        Stop
      </Button>
    </div>
  );
}
