import { CONFIRM_MODAL_WIDTH } from '@revlane/contracts';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmText: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
  isLoading?: boolean;
  /** For destructive actions: the confirm button turns red. */
  isDanger?: boolean;
}

/** Asks before an action that cannot be undone; 416 wide (docs/product.md §9). */
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
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={CONFIRM_MODAL_WIDTH}
      onCancel={isLoading ? undefined : onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={isLoading}>
          {cancelText}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger={isDanger}
          loading={isLoading}
          onClick={onConfirm}
        >
          {confirmText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
