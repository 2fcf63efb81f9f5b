import { randomUUID } from 'node:crypto';
import type { TestSend } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { deliveryTargets } from './notification-evaluation.js';
import { requireNotification } from './notifications.service.js';
import { resolveSlackConnection } from './slack-connection.js';
import { emailMessage, slackMessage, type FiringMessage } from './slack-message.js';
import { postSlackMessage } from './slack-poster.js';

/**
 * `POST notifications/{id}/test`: a sample firing to each configured channel, now, and what
 * each said; nothing is recorded (a test is not a firing). The in-app channel needs no send.
 */
export async function sendTest(
  deps: { db: Database; mailer: Mailer; appUrl: string },
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
      if (channel === 'slack') error = await testSlack(deps.db, auth.org.id, target, message);
    } catch (failure) {
      error = (failure as Error).message;
    }
    results.push({ channel, target, ok: error === null, error });
  }
  return { results };
}

async function testSlack(db: Database, orgId: string, channel: string, message: FiringMessage) {
  const connection = await resolveSlackConnection(db, orgId);
  if (!connection) return 'Slack is not connected';
  const result = await postSlackMessage(
    connection,
    channel,
    slackMessage(message),
    `test:${randomUUID()}`,
  );
  if (result.kind === 'sent') return null;
  return result.kind === 'rate-limited' ? 'rate limited by Slack, try again shortly' : result.error;
}
