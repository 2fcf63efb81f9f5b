import { APP_ROUTES, RESET_LINK_ERROR_CODES, RESET_LINK_MESSAGES } from '@revlane/contracts';
import { Alert } from 'antd';
import { Link } from 'react-router';
import type { ApiError } from '@/common/api';

const DEAD_LINK_CODES: readonly string[] = Object.values(RESET_LINK_ERROR_CODES);

/** The link was used, expired or altered: nothing on this page can help, a new link can. */
export function isDeadLink(error: ApiError): boolean {
  return DEAD_LINK_CODES.includes(error.code ?? '');
}

/** Says why the link does not work (the server's words) and offers a new one. */
export function DeadLinkAlert({ message = RESET_LINK_MESSAGES.invalid }: { message?: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={message}
      description={
        <Link to={APP_ROUTES.forgotPassword} className="font-medium">
          Request a new link
        </Link>
      }
    />
  );
}
