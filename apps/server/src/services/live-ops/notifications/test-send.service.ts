import { randomUUID } from 'node:crypto';
import type { TestSend } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SlackSender } from '../../composer/connections/slack-sender.js';
import { deliveryTargets } from './notification-evaluation.js';
import { requireNotification } from './notifications.service.js';
import { emailMessage, slackPost, type FiringMessage } from './slack-message.js';

/**
 * `POST notifications/{id}/test`: a sample firing to each configured channel, now, and what
 * each said; nothing is recorded (a test is not a firing). The in-app channel needs no send.
 */
export async function sendTest(
  deps: { db: Database; mailer: Mailer; slack: SlackSender; appUrl: string },
  auth: AuthContext,
  id: string,
): Promise<TestSend> {
  const { row } = await requireNotification(deps.db, auth, id);
  const message: FiringMessage = {
    alertName: `[Test] ${row.name}`,
    type: row.type,
    count: row.type === 'new' ? 1 : 90,
    previousCount: row.type === 'new' ? null : 100,
    records: [{ id: 'sample', name: 'Sample record', email: 'sample@example.com' }],
    link: `${deps.appUrl}/app/notifications/${row.id}`,
  };
  const results: TestSend['results'] = [];
  for (const { channel, target } of deliveryTargets({ ...row, createdBy: auth.user.id })) {
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
