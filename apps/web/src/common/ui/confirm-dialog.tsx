import { CONFIRM_MODAL_WIDTH } from '@revlane/contracts';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useSingleFlight } from './use-single-flight';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmText: string;
  cancelText?: string;
  /** Runs the action; while the promise it returns is pending, the dialog is busy. */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
  isLoading?: boolean;
  /** For destructive actions: the confirm button turns red. */
  isDanger?: boolean;
  /** The action cannot run yet (e.g. records still depend on what it deletes, ADR 0006). */
  isConfirmDisabled?: boolean;
}

/**
 * Asks before an action that cannot be undone; 416 wide (docs/product.md §9). The action runs
 * once however fast the confirm button is clicked (docs/product.md §5, Forms): a second click
 * while its promise is pending does nothing, and both buttons are disabled until it settles.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  cancelText = 'Cancel',
  onConfirm,
  onCancel,
  isLoading = false,
  isDanger = false,
  isConfirmDisabled = false,
}: ConfirmDialogProps) {
  const confirm = useSingleFlight(onConfirm);
  const isBusy = isLoading || confirm.isPending;
  return (
    <Modal
      open={open}
      title={title}
      width={CONFIRM_MODAL_WIDTH}
      onCancel={isBusy ? undefined : onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={isBusy}>
          {cancelText}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger={isDanger}
          loading={isBusy}
          disabled={isBusy || isConfirmDisabled}
          onClick={() => void confirm.run()}
        >
          {confirmText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
