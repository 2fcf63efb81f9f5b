import { Alert } from 'antd';
import type { ReactNode } from 'react';

export type InlineAlertType = 'success' | 'error' | 'warning' | 'info';

interface InlineAlertProps {
  type: InlineAlertType;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/**
 * A message inside the page (docs/product.md §2). Errors and warnings are announced at once
 * (role alert); success and info politely (role status).
 */
export function InlineAlert({ type, title, description, action, className }: InlineAlertProps) {
  const isUrgent = type === 'error' || type === 'warning';
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={description}
      action={action}
      className={className}
      role={isUrgent ? 'alert' : 'status'}
    />
  );
}
