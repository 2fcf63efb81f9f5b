import { SIGN_IN_ERROR_CODES } from '@revlane/contracts';
import { Alert } from 'antd';
import type { ApiError } from '@/common/api';
import { BackToSignInLink } from './back-to-sign-in-link';

/** The interaction is gone (expired or finished); only a new authorization can continue. */
export function isInteractionGone(error: ApiError): boolean {
  return (
    error.status === 404 ||
    error.status === 410 ||
    error.code === SIGN_IN_ERROR_CODES.interactionExpired
  );
}

export function SignInErrorAlert({ error }: { error: ApiError }) {
  if (isInteractionGone(error)) {
    return (
      <Alert
        type="warning"
        showIcon
        title={error.message}
        description={<BackToSignInLink>Start again</BackToSignInLink>}
      />
    );
  }
  return <Alert type="error" showIcon title={error.message} />;
}
