import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import {
  deliveryNotices,
  notificationDeliveries,
  notificationFirings,
  notifications,
} from '../../../platform/database/schema/index.js';

const INBOX_MAX = 100;

const mine = (orgId: string, userId: string) =>
  and(
    eq(notificationDeliveries.orgId, orgId),
    eq(notificationDeliveries.channel, 'inApp'),
    eq(notificationDeliveries.target, userId),
  );

/** The user's in-app firings: unread first, then newest first (ADR 0023). */
export async function listInbox(db: Database, orgId: string, userId: string) {
  const unreadFirst = sql`(${notificationDeliveries.readAt} IS NULL) DESC`;
  const items = await db
    .select({
      firing: notificationFirings,
      notificationName: notifications.name,
      readAt: notificationDeliveries.readAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notificationFirings, eq(notificationFirings.id, notificationDeliveries.firingId))
    .innerJoin(notifications, eq(notifications.id, notificationFirings.notificationId))
    .where(mine(orgId, userId))
    .orderBy(unreadFirst, desc(notificationFirings.firedAt))
    .limit(INBOX_MAX);
  const [count] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notificationDeliveries)
    .where(and(mine(orgId, userId), isNull(notificationDeliveries.readAt)));
  return { items, unread: Number(count?.unread ?? 0) };
}

/** Marks the user's firings read: those listed, or all of them. */
export async function markInboxRead(
  db: Database,
  orgId: string,
  userId: string,
  firingIds: string[] | undefined,
) {
  const conditions = [mine(orgId, userId), isNull(notificationDeliveries.readAt)];
  if (firingIds) conditions.push(inArray(notificationDeliveries.firingId, firingIds));
  await db
    .update(notificationDeliveries)
    .set({ readAt: new Date() })
    .where(and(...conditions));
}

const myNotices = (orgId: string, userId: string) =>
  and(eq(deliveryNotices.orgId, orgId), eq(deliveryNotices.userId, userId));

/** The user's delivery notices (admins get them): unread first, then newest first. */
export async function listNotices(db: Database, orgId: string, userId: string) {
  const unreadFirst = sql`(${deliveryNotices.readAt} IS NULL) DESC`;
  return db
    .select()
    .from(deliveryNotices)
    .where(myNotices(orgId, userId))
    .orderBy(unreadFirst, desc(deliveryNotices.createdAt))
    .limit(INBOX_MAX);
}

/** Marks the user's notices read: those listed, or all of them. */
export async function markNoticesRead(
  db: Database,
  orgId: string,
  userId: string,
  noticeIds: string[] | undefined,
) {
  const conditions = [myNotices(orgId, userId), isNull(deliveryNotices.readAt)];
  if (noticeIds) conditions.push(inArray(deliveryNotices.id, noticeIds));
  await db
    .update(deliveryNotices)
    .set({ readAt: new Date() })
    .where(and(...conditions));
}
