import type { FieldError, InteractionLoginBody } from '@revlane/contracts';
import { Button, Form, Input } from 'antd';
import type { ApiError } from '@/common/api';
import { useInteractionLogin } from '../api/submit-interaction-login';
import { SignInErrorAlert } from './sign-in-error-alert';

type FieldName = keyof InteractionLoginBody;
type FormFieldError = FieldError & { path: FieldName };

function isFormFieldError(error: FieldError): error is FormFieldError {
  return error.path === 'email' || error.path === 'password';
}

/** Field errors of a 400 are shown under their fields; anything else goes into the alert. */
function splitFieldErrors(error: ApiError) {
  const onFields = error.status === 400 ? error.fieldErrors.filter(isFormFieldError) : [];
  return {
    onFields,
    needsAlert: onFields.length === 0 || onFields.length < error.fieldErrors.length,
  };
}

export function SignInForm({ interactionUid }: { interactionUid: string }) {
  const [form] = Form.useForm<InteractionLoginBody>();
  const login = useInteractionLogin(interactionUid);
  // Stay disabled after success too, while the browser follows the redirect.
  const isBusy = login.isPending || login.isSuccess;
  const alert = login.error && splitFieldErrors(login.error).needsAlert ? login.error : null;

  const handleFinish = ({ email, password }: InteractionLoginBody) => {
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
        onError: (error) => {
          const { onFields } = splitFieldErrors(error);
          form.setFields(onFields.map(({ path, message }) => ({ name: path, errors: [message] })));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {alert && <SignInErrorAlert error={alert} />}
      <Form<InteractionLoginBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        size="large"
      >
        <Form.Item
          label="Email"
          name="email"
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: 'Please enter your email' },
            { type: 'email', message: 'Please enter a valid email address' },
          ]}
        >
          <Input
            autoComplete="username"
            inputMode="email"
            autoFocus
            placeholder="you@company.com"
          />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: 'Please enter your password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isBusy} disabled={isBusy}>
          Sign in
        </Button>
      </Form>
    </div>
  );
}
