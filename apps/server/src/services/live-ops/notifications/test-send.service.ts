import { randomUUID } from 'node:crypto';
import type {
  NotificationChannels,
  NotificationType,
  TestDraftBody,
  TestSend,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SlackSender } from '../../../integrations/index.js';
import { deliveryTargets } from './notification-evaluation.js';
import { requireNotification } from './notifications.service.js';
import { emailMessage, slackPost, type FiringMessage } from './slack-message.js';

/**
 * `POST notifications/{id}/test`: a sample firing to each configured channel, now, and what
 * each said; nothing is recorded (a test is not a firing). The in-app channel needs no send.
 */
export async function sendTest(deps: TestSendDeps, auth: AuthContext, id: string) {
  const { row } = await requireNotification(deps.db, auth, id);
  return sendSample(deps, auth, row, `${deps.appUrl}/app/notifications/${row.id}`);
}

/** `POST notifications/test`: the same sample for an alert still being written (its form). */
export function sendDraftTest(deps: TestSendDeps, auth: AuthContext, draft: TestDraftBody) {
  return sendSample(deps, auth, draft, `${deps.appUrl}/app/notifications`);
}

type TestSendDeps = { db: Database; mailer: Mailer; slack: SlackSender; appUrl: string };

async function sendSample(
  deps: TestSendDeps,
  auth: AuthContext,
  alert: { name: string; type: NotificationType; channels: NotificationChannels },
  link: string,
): Promise<TestSend> {
  const message: FiringMessage = {
    alertName: `[Test] ${alert.name}`,
    type: alert.type,
    count: alert.type === 'new' ? 1 : 90,
    previousCount: alert.type === 'new' ? null : 100,
    records: [{ id: 'sample', name: 'Sample record', email: 'sample@example.com' }],
    link,
  };
  const results: TestSend['results'] = [];
  for (const { channel, target } of deliveryTargets({
    channels: alert.channels,
    createdBy: auth.user.id,
  })) {
    let error: string | null = null;
    try {
      if (channel === 'email') await deps.mailer.send({ to: target, ...emailMessage(message) });
      if (channel === 'slack') error = await testSlack(deps.slack, auth.org.id, target, message);
    } catch (failure) {
      error = (failure as Error).message;
    }
    results.push({ channel, target, ok: error === null, error });
  }
  return { results };
}

async function testSlack(
  slack: SlackSender,
  orgId: string,
  channel: string,
  message: FiringMessage,
) {
  // The user is waiting for the answer: a rate limit is reported, not waited out.
  const result = await slack.post(orgId, slackPost(channel, message, `test:${randomUUID()}`), {
    rateLimitWaits: 0,
  });
  if (result.kind === 'sent') return null;
  return result.kind === 'rate-limited' ? 'rate limited by Slack, try again shortly' : result.error;
}
