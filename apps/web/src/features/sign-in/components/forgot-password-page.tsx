import type { ForgotPasswordBody } from '@revlane/contracts';
import { Alert, Form } from 'antd';
import { useForgotPassword } from '../api/password-reset';
import { BackToSignInLink } from './back-to-sign-in-link';
import { EmailFormItem } from './email-form-item';
import { errorForAlert, showFieldErrors } from './form-errors';
import { SignedOutForm } from './signed-out-form';
import { SignedOutHeading } from './signed-out-heading';

const FIELDS = ['email'] as const;

/** "Forgot password?": asks for the address and answers the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotPasswordBody>();
  const request = useForgotPassword();
  const alert = errorForAlert(request.error, FIELDS);

  const handleFinish = ({ email }: ForgotPasswordBody) => {
    void request.mutate(
      { email: email.trim() },
      { onError: (error) => showFieldErrors(form, error, FIELDS) },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <SignedOutHeading
        title="Forgot password"
        lead="Enter the email address of your account and we will send you a link to choose a new password."
      />
      {request.isSuccess ? (
        <Alert type="success" showIcon title={request.data.message} />
      ) : (
        <SignedOutForm
          form={form}
          onFinish={handleFinish}
          error={alert}
          submitLabel="Send link"
          busy={request.isPending}
        >
          <EmailFormItem />
        </SignedOutForm>
      )}
      <BackToSignInLink />
    </div>
  );
}
