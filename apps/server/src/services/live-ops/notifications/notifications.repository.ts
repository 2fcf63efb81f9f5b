import type { ListQuery } from '@revlane/contracts';
import { and, asc, eq, ilike, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import type { Queryable } from '../../../platform/database/queryable.js';
import {
  cohorts,
  notificationFirings,
  notifications,
  segments,
} from '../../../platform/database/schema/index.js';
import { isUuid } from '../../../platform/database/uuid.js';

export type NotificationRecord = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const lastFiredAt = sql<Date | null>`(SELECT ${max(notificationFirings.firedAt)} FROM ${notificationFirings} WHERE ${notificationFirings.notificationId} = ${notifications.id})`;

/** What the API shows of an alert: its row, its segment's and cohort's names, its last firing. */
const listColumns = {
  row: notifications,
  segmentName: segments.name,
  cohortName: cohorts.name,
  lastFiredAt,
};
export type NotificationListRow = {
  row: NotificationRecord;
  segmentName: string;
  cohortName: string;
  lastFiredAt: Date | string | null;
};

function selectListRows(db: Queryable) {
  return db
    .select(listColumns)
    .from(notifications)
    .innerJoin(segments, eq(segments.id, notifications.segmentId))
    .innerJoin(cohorts, eq(cohorts.id, notifications.cohortId));
}

const SORTS = {
  name: notifications.name,
  createdAt: notifications.createdAt,
  lastFiredAt,
} as const;

/** A page of the organization's alerts (search on the name, sort by a known field). */
export async function listNotificationPage(
  db: Database,
  orgId: string,
  query: ListQuery,
  segmentId?: string,
): Promise<{ rows: NotificationListRow[]; total: number }> {
  const conditions: SQL[] = [eq(notifications.orgId, orgId)];
  if (segmentId) conditions.push(eq(notifications.segmentId, segmentId));
  if (query.search) conditions.push(ilike(notifications.name, `%${escapeLike(query.search)}%`));
  const where = and(...conditions);
  const order = (query.sortBy ?? [])
    .filter((sort) => sort.field in SORTS)
    .map((sort) => {
      const column = SORTS[sort.field as keyof typeof SORTS];
      return sort.isDescending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
    });
  const rows = await selectListRows(db)
    .where(where)
    .orderBy(...order, asc(notifications.name), asc(notifications.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findNotification(
  db: Queryable,
  orgId: string,
  id: string,
): Promise<NotificationListRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectListRows(db).where(
    and(eq(notifications.orgId, orgId), eq(notifications.id, id)),
  );
  return row;
}

export async function insertNotification(db: Queryable, values: NewNotification) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

export async function updateNotification(
  db: Queryable,
  orgId: string,
  id: string,
  values: Partial<NewNotification>,
) {
  await db
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.id, id)));
}

export async function deleteNotification(db: Queryable, orgId: string, id: string) {
  await db
    .delete(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.id, id)));
}

/** The alerts on a cohort (the dependents rule, ADR 0006, and the evaluation). */
/** The organization's alerts with a Slack channel, oldest first. */
export function listSlackNotifications(db: Queryable, orgId: string) {
  return db
    .select({ id: notifications.id, name: notifications.name })
    .from(notifications)
    .where(
      and(
        eq(notifications.orgId, orgId),
        sql`jsonb_typeof(${notifications.channels}->'slack') = 'object'`,
      ),
    )
    .orderBy(asc(notifications.createdAt));
}

export function listCohortNotifications(db: Queryable, orgId: string, cohortId: string) {
  if (!isUuid(cohortId)) return Promise.resolve([]);
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.cohortId, cohortId)))
    .orderBy(asc(notifications.createdAt));
}
