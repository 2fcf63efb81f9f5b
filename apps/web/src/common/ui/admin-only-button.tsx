import { Button, Tooltip } from 'antd';
import { MutationButton, type MutationButtonProps } from './mutation-button';

interface AdminOnlyButtonProps extends MutationButtonProps {
  /** False for a member: the button is disabled and says why. */
  canEdit: boolean;
  /** What it does, completing "Only admins can …" (e.g. "sync sources"). */
  action: string;
}

/**
 * A button for an admin-only change (docs/product.md §6): a member sees it disabled, with
 * "Only admins can <action>" on hover and on focus, rather than meeting the server's 403. For
 * an admin it is a `MutationButton`: one request per click, disabled while it runs.
 */
export function AdminOnlyButton({
  canEdit,
  action,
  disabled,
  onClick,
  ...props
}: AdminOnlyButtonProps) {
  if (canEdit) return <MutationButton {...props} disabled={disabled} onClick={onClick} />;
  // A disabled button takes neither focus nor, in older browsers, mouse events: the span
  // carries the tooltip and can be reached with the keyboard.
  return (
    <Tooltip title={`Only admins can ${action}`} trigger={['hover', 'focus']}>
      <span
        tabIndex={0}
        className="inline-flex cursor-not-allowed rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Button {...props} disabled />
      </span>
    </Tooltip>
  );
}
