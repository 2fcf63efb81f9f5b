import type { PlayWithSecrets } from '@revlane/contracts';
import { Alert, Typography } from 'antd';

interface WebhookSecretsNoticeProps {
  secrets: PlayWithSecrets['webhookSecrets'];
  /** Action ids → "2. Webhook", to say which action each secret signs for. */
  actionLabel: (actionId: string) => string;
}

/**
 * The signing secret (`whsec_…`) of each webhook action that just got one: the API answers it
 * once and never again (ADR 0024), so it is shown with a copy button until the page is left.
 */
export function WebhookSecretsNotice({ secrets, actionLabel }: WebhookSecretsNoticeProps) {
  if (secrets.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="mb-6"
      message="Copy the webhook signing secret now: it is shown only once."
      description={
        <ul aria-label="Webhook signing secrets" className="mt-2 flex flex-col gap-1">
          {secrets.map((secret) => (
            <li key={secret.actionId} className="flex flex-wrap items-center gap-2">
              <span>{actionLabel(secret.actionId)}</span>
              <Typography.Text code copyable={{ text: secret.secret }}>
                {secret.secret}
              </Typography.Text>
            </li>
          ))}
        </ul>
      }
    />
  );
}
