import type { Firing, Inbox } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { isUuid } from '../../../platform/database/uuid.js';
import { notFound } from '../../../platform/errors/http-error.js';
import { resendFailedDeliveries } from './deliveries.repository.js';
import { listFirings } from './firings.repository.js';
import { listInbox, listNotices, markInboxRead, markNoticesRead } from './inbox.repository.js';
import { requireNotification } from './notifications.service.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function getInbox(db: Database, auth: AuthContext): Promise<Inbox> {
  const { items, unread } = await listInbox(db, auth.org.id, auth.user.id);
  const notices = await listNotices(db, auth.org.id, auth.user.id);
  return {
    unread: unread + notices.filter((notice) => notice.readAt === null).length,
    notices: notices.map((notice) => ({
      id: notice.id,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      createdAt: notice.createdAt.toISOString(),
      read: notice.readAt !== null,
    })),
    items: items.map(({ firing, notificationName, readAt }) => ({
      firingId: firing.id,
      notificationId: firing.notificationId,
      notificationName,
      firedAt: firing.firedAt.toISOString(),
      type: firing.type,
      count: firing.count,
      previousCount: firing.previousCount,
      read: readAt !== null,
    })),
  };
}

/**
 * Tries a firing's failed deliveries again with their idempotency keys; `enqueue` queues
 * each. Anyone who may read the alert may resend it, as they may send it a test.
 */
export async function resendFiring(
  deps: { db: Database; enqueue: (deliveryIds: string[]) => Promise<void> },
  auth: AuthContext,
  id: string,
  firingId: string,
): Promise<{ resent: number }> {
  const { row } = await requireNotification(deps.db, auth, id);
  const resent = isUuid(firingId)
    ? await resendFailedDeliveries(deps.db, auth.org.id, row.id, firingId)
    : null;
  if (!resent) throw notFound('Firing');
  await deps.enqueue(resent.map((delivery) => delivery.id));
  return { resent: resent.length };
}

/** Marks firings and notices read: those listed, or (with neither list) all of them. */
export async function readInbox(
  db: Database,
  auth: AuthContext,
  { firingIds, noticeIds }: { firingIds?: string[]; noticeIds?: string[] },
) {
  const all = !firingIds && !noticeIds;
  if (all || firingIds)
    await markInboxRead(db, auth.org.id, auth.user.id, firingIds?.filter(isUuid));
  if (all || noticeIds)
    await markNoticesRead(db, auth.org.id, auth.user.id, noticeIds?.filter(isUuid));
}

/** `GET notifications/{id}/firings`: newest first, with each delivery's status. */
export async function getFirings(db: Database, auth: AuthContext, id: string): Promise<Firing[]> {
  const { row } = await requireNotification(db, auth, id);
  const firings = await listFirings(db, auth.org.id, row.id);
  return firings.map(({ firing, deliveries }) => ({
    id: firing.id,
    firedAt: firing.firedAt.toISOString(),
    type: firing.type,
    count: firing.count,
    previousCount: firing.previousCount,
    records: firing.records,
    deliveries: deliveries.map((delivery) => ({
      channel: delivery.channel,
      target: delivery.target,
      status: delivery.status,
      attempts: delivery.attempts,
      sentAt: iso(delivery.sentAt),
      error: delivery.error,
      nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    })),
  }));
}
