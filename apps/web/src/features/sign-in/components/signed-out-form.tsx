import { Alert, Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '@/common/api';

/**
 * The shape every signed-out form shares: an alert above (`alert`, or else `error`'s message),
 * the fields, one full-width submit button that shows `busy` (disabled meanwhile, so nothing
 * is sent twice).
 */
export function SignedOutForm<Values>({
  form,
  onFinish,
  alert,
  error,
  submitLabel,
  busy,
  children,
}: {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  alert?: ReactNode;
  error?: ApiError | null;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      {alert ?? (error && <Alert type="error" showIcon title={error.message} />)}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        size="large"
      >
        {children}
        <Button type="primary" htmlType="submit" block loading={busy} disabled={busy}>
          {submitLabel}
        </Button>
      </Form>
    </div>
  );
}
