import { APP_ROUTES } from '@revlane/contracts';
import { Alert, Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Loader } from '@/common/ui/loader';
import type { ApiError } from '@/common/api';
import { useResetLinkCheck } from '../api/password-reset';
import { readResetToken, removeResetTokenFromAddressBar } from '../lib/reset-token';
import { BackToSignInLink } from './back-to-sign-in-link';
import { DeadLinkAlert, isDeadLink } from './reset-link-alert';
import { ResetPasswordForm } from './reset-password-form';
import { SignedOutHeading } from './signed-out-heading';

/**
 * The page a reset link opens: checks the link first (so nobody types a password for a dead
 * one), then asks for the new password twice, then leads to sign-in.
 */
export function ResetPasswordPage() {
  // Read during the first render; the address bar loses it right after.
  const [token] = useState(readResetToken);
  useEffect(removeResetTokenFromAddressBar, []);
  const check = useResetLinkCheck(token);
  const [deadLink, setDeadLink] = useState<ApiError | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const dead = deadLink ?? (check.error && isDeadLink(check.error) ? check.error : null);

  let content: ReactNode;
  if (doneMessage) {
    content = (
      <div className="flex flex-col gap-6">
        <Alert type="success" showIcon title={doneMessage} />
        <Button type="primary" size="large" block href={APP_ROUTES.home}>
          Sign in
        </Button>
      </div>
    );
  } else if (!token || dead) {
    content = <DeadLinkAlert message={dead?.message} />;
  } else if (check.isPending) {
    content = <Loader label="Checking your link" />;
  } else if (check.isError) {
    content = (
      <div className="flex flex-col gap-6">
        <Alert type="error" showIcon title={check.error.message} />
        <Button onClick={() => void check.refetch()}>Try again</Button>
        <BackToSignInLink />
      </div>
    );
  } else {
    content = <ResetPasswordForm token={token} onDone={setDoneMessage} onDeadLink={setDeadLink} />;
  }

  return (
    <div className="flex flex-col gap-8">
      <SignedOutHeading
        title="Choose a new password"
        lead="Your new password replaces the old one, and every session of your account is signed out."
      />
      {content}
    </div>
  );
}
