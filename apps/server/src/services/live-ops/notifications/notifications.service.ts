import {
  notificationDefinitionSchema,
  type CreateNotificationBody,
  type ListQuery,
  type Notification,
  type NotificationPage,
  type UpdateNotificationBody,
  createNotificationBodySchema,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, notFound } from '../../../platform/errors/http-error.js';
import { requireCohort } from '../cohorts/cohorts.service.js';
import { requireSegment } from '../segments/segments.service.js';
import { connectionWarnings } from '../../../integrations/index.js';
import { channelProviders, toNotification } from './notification-response.js';
import {
  deleteNotification,
  findNotification,
  insertNotification,
  listNotificationPage,
  updateNotification,
  type NotificationListRow,
} from './notifications.repository.js';

type Definition = ReturnType<typeof createNotificationBodySchema.parse>;

/** The organization's alert, or 404 (also for another organization's id). */
export async function requireNotification(
  db: Database,
  auth: AuthContext,
  id: string,
): Promise<NotificationListRow> {
  const row = await findNotification(db, auth.org.id, id);
  if (!row) throw notFound('Alert');
  return row;
}

/**
 * The segment must be the organization's (404) and the cohort a cohort of that segment:
 * another organization's cohort is a 404 like an unknown one, another segment's a 400 naming
 * `body.cohortId`.
 */
async function checkCohort(db: Database, auth: AuthContext, segmentId: string, cohortId: string) {
  await requireSegment(db, auth.org.id, segmentId);
  const cohort = await requireCohort(db, auth, cohortId);
  if (cohort.segmentId !== segmentId) {
    throw badRequest('The cohort is not a cohort of this segment', [
      { path: 'body.cohortId', message: 'Not a cohort of the segment' },
    ]);
  }
  return baselineOf(cohort);
}

/**
 * A new alert's baseline is the cohort's latest snapshot (ADR 0023): records in the cohort
 * when the alert is made never fire it; before any snapshot, the first evaluation is it.
 */
function baselineOf(cohort: { latestSnapshotAt: Date | null; latestMembers: number | null }) {
  return {
    evaluatedAt: cohort.latestSnapshotAt,
    referenceCount: cohort.latestSnapshotAt ? cohort.latestMembers : null,
    armed: true,
  };
}

export async function listNotifications(
  db: Database,
  auth: AuthContext,
  query: ListQuery,
  segmentId?: string,
): Promise<NotificationPage> {
  if (segmentId) await requireSegment(db, auth.org.id, segmentId);
  const { rows, total } = await listNotificationPage(db, auth.org.id, query, segmentId);
  const warningsOf = await connectionWarnings(db, auth.org.id);
  return {
    items: rows.map((row) => toNotification(row, warningsOf(channelProviders(row.row.channels)))),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

export async function createNotification(
  db: Database,
  auth: AuthContext,
  body: CreateNotificationBody,
): Promise<Notification> {
  const definition: Definition = createNotificationBodySchema.parse(body);
  const baseline = await checkCohort(db, auth, definition.segmentId, definition.cohortId);
  const row = await insertNotification(db, {
    ...definitionColumns(definition),
    ...baseline,
    orgId: auth.org.id,
    segmentId: definition.segmentId,
    createdBy: auth.user.id,
  });
  return getNotification(db, auth, row.id);
}

export async function getNotification(db: Database, auth: AuthContext, id: string) {
  const row = await requireNotification(db, auth, id);
  const warningsOf = await connectionWarnings(db, auth.org.id);
  return toNotification(row, warningsOf(channelProviders(row.row.channels)));
}

/**
 * Merges the change into the definition and checks the result as a whole (a `less` alert
 * keeps needing a threshold). A new cohort, type or threshold starts over from a new baseline (ADR 0023).
 */
export async function changeNotification(
  db: Database,
  auth: AuthContext,
  id: string,
  body: UpdateNotificationBody,
): Promise<Notification> {
  const { row } = await requireNotification(db, auth, id);
  const merged = {
    name: row.name,
    segmentId: row.segmentId,
    cohortId: row.cohortId,
    type: row.type,
    threshold: row.threshold ?? null,
    channels: row.channels,
    enabled: row.enabled,
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
    ...body,
  };
  const checked = notificationDefinitionSchema.safeParse(merged);
  if (!checked.success) {
    throw badRequest(
      'The alert is not valid',
      checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  }
  const baseline = await checkCohort(db, auth, row.segmentId, merged.cohortId);
  const restart =
    merged.cohortId !== row.cohortId ||
    merged.type !== row.type ||
    JSON.stringify(merged.threshold) !== JSON.stringify(row.threshold ?? null);
  await updateNotification(db, auth.org.id, row.id, {
    ...definitionColumns(checked.data),
    ...(restart ? baseline : {}),
  });
  return getNotification(db, auth, row.id);
}

export async function removeNotification(db: Database, auth: AuthContext, id: string) {
  const { row } = await requireNotification(db, auth, id);
  await deleteNotification(db, auth.org.id, row.id);
}

function definitionColumns(definition: Omit<Definition, 'segmentId'>) {
  return {
    name: definition.name,
    cohortId: definition.cohortId,
    type: definition.type,
    threshold: definition.type === 'less' ? definition.threshold : null,
    channels: definition.channels,
    enabled: definition.enabled,
    snoozedUntil: definition.snoozedUntil ? new Date(definition.snoozedUntil) : null,
  };
}
