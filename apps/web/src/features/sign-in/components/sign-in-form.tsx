import { APP_ROUTES, type InteractionLoginBody } from '@revlane/contracts';
import { Form, Input } from 'antd';
import { Link } from 'react-router';
import { useInteractionLogin } from '../api/submit-interaction-login';
import { EmailFormItem } from './email-form-item';
import { errorForAlert, showFieldErrors } from './form-errors';
import { SignInErrorAlert } from './sign-in-error-alert';
import { SignedOutForm } from './signed-out-form';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ interactionUid }: { interactionUid: string }) {
  const [form] = Form.useForm<InteractionLoginBody>();
  const login = useInteractionLogin(interactionUid);
  // Stay disabled after success too, while the browser follows the redirect.
  const isBusy = login.isPending || login.isSuccess;
  const alert = errorForAlert(login.error, FIELDS);

  const handleFinish = ({ email, password }: InteractionLoginBody) => {
    void login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
        onError: (error) => showFieldErrors(form, error, FIELDS),
      },
    );
  };

  return (
    <SignedOutForm
      form={form}
      onFinish={handleFinish}
      alert={alert && <SignInErrorAlert error={alert} />}
      submitLabel="Sign in"
      busy={isBusy}
    >
      <EmailFormItem />
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password' }]}
        extra={
          <Link to={APP_ROUTES.forgotPassword} className="font-medium">
            Forgot password?
          </Link>
        }
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </SignedOutForm>
  );
}
