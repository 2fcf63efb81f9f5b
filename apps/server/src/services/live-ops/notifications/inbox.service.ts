import type { Firing, Inbox } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { isUuid } from '../../../platform/database/uuid.js';
import { listFirings } from './firings.repository.js';
import { listInbox, markInboxRead } from './inbox.repository.js';
import { requireNotification } from './notifications.service.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function getInbox(db: Database, auth: AuthContext): Promise<Inbox> {
  const { items, unread } = await listInbox(db, auth.org.id, auth.user.id);
  return {
    unread,
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

export async function readInbox(db: Database, auth: AuthContext, firingIds?: string[]) {
  await markInboxRead(db, auth.org.id, auth.user.id, firingIds?.filter(isUuid));
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
    })),
  }));
}
