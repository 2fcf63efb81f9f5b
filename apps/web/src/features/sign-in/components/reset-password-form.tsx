import { newPasswordSchema } from '@revlane/contracts';
import { Form, Input, type FormRule } from 'antd';
import type { ApiError } from '@/common/api';
import { useResetPassword } from '../api/password-reset';
import { errorForAlert, showFieldErrors } from './form-errors';
import { isDeadLink } from './reset-link-alert';
import { SignedOutForm } from './signed-out-form';

interface ResetPasswordFields {
  password: string;
  confirmation: string;
}

const FIELDS = ['password'] as const;

/** The rule every new password follows (the contract's), checked before the server does. */
const newPasswordRule: FormRule = {
  validator: (_rule, value: string | undefined) => {
    const result = newPasswordSchema.safeParse(value ?? '');
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(result.error.issues[0]?.message));
  },
};

const sameAsPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: string | undefined) =>
    !value || value === getFieldValue('password')
      ? Promise.resolve()
      : Promise.reject(new Error('The two passwords do not match.')),
});

/** New password, twice; `onDone` on success, `onDeadLink` when the link stopped working. */
export function ResetPasswordForm({
  token,
  onDone,
  onDeadLink,
}: {
  token: string;
  onDone: (message: string) => void;
  onDeadLink: (error: ApiError) => void;
}) {
  const [form] = Form.useForm<ResetPasswordFields>();
  const reset = useResetPassword();
  const alert = errorForAlert(reset.error, FIELDS);

  const handleFinish = ({ password }: ResetPasswordFields) => {
    void reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => onDone(message),
        onError: (error) => {
          // The parent swaps this form for the dead-link alert.
          if (isDeadLink(error)) onDeadLink(error);
          else showFieldErrors(form, error, FIELDS);
        },
      },
    );
  };

  return (
    <SignedOutForm
      form={form}
      onFinish={handleFinish}
      error={alert}
      submitLabel="Change password"
      busy={reset.isPending}
    >
      <Form.Item
        label="New password"
        name="password"
        validateFirst
        rules={[{ required: true, message: 'Please enter a new password' }, newPasswordRule]}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirmation"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please enter the new password again' },
          sameAsPasswordRule,
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </SignedOutForm>
  );
}
