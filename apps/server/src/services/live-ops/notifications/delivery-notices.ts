import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import { deliveryNotices, users } from '../../../platform/database/schema/index.js';
import type { DeliveriesFailed } from '../../../platform/events/app-events.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SlackSender } from '../../../integrations/index.js';

export interface NoticeDeps {
  db: Database;
  mailer: Mailer;
  slack: SlackSender;
  appUrl: string;
  log: FastifyBaseLogger;
}

export const noticeTitle = (event: DeliveriesFailed) =>
  `${event.what === 'play' ? 'Play' : 'Alert'} "${event.name}": ${event.failed} ${
    event.failed === 1 ? 'delivery' : 'deliveries'
  } failed`;

/**
 * Tells the organization's admins that deliveries failed for good (docs/product.md §7): a
 * notice in their in-app inbox, an email, and a Slack message in the channel each chose when
 * Slack is connected, naming the play or alert, the count and the first error, with a link to
 * resend. A notice already written for the key and admin is not sent again.
 */
export async function noticeAdmins(deps: NoticeDeps, event: DeliveriesFailed): Promise<void> {
  const admins = await deps.db
    .select({ id: users.id, email: users.email, slackChannelId: users.slackChannelId })
    .from(users)
    .where(and(eq(users.orgId, event.orgId), inArray(users.role, ['owner', 'admin'])));
  const title = noticeTitle(event);
  const body = `First error: ${event.firstError}`;
  const url = `${deps.appUrl}${event.link}`;
  for (const admin of admins) {
    const [written] = await deps.db
      .insert(deliveryNotices)
      .values({
        orgId: event.orgId,
        userId: admin.id,
        key: event.key,
        title,
        body,
        link: event.link,
      })
      .onConflictDoNothing()
      .returning({ id: deliveryNotices.id });
    if (!written) continue;
    const idempotencyKey = `${event.key}:${admin.id}`;
    await deps.mailer
      .send({
        to: admin.email,
        subject: title,
        text: `${body}\n\nSee and resend: ${url}\n`,
        idempotencyKey,
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'delivery notice not mailed'));
    if (!admin.slackChannelId) continue;
    const posted = await deps.slack.post(event.orgId, {
      channel: admin.slackChannelId,
      text: `${title}. ${body}. <${url}|See and resend>`,
      metadata: {
        event_type: 'revlane_notice',
        event_payload: { idempotency_key: idempotencyKey },
      },
    });
    if (posted.kind !== 'sent' && posted.kind !== 'not-connected')
      deps.log.warn({ error: posted.error }, 'delivery notice not posted to Slack');
  }
}
