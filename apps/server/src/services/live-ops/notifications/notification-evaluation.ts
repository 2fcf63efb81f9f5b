import type { BaseTable } from '@revlane/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import { readChangesBetween, type Warehouse } from '../../../warehouse/index.js';
import type { CohortSnapshotTaken } from '../../../platform/events/app-events.js';
import {
  recordEvaluation,
  type DeliveryRecord,
  type DeliveryTarget,
} from './firings.repository.js';
import { evaluateLess } from './less-threshold.js';
import { listCohortNotifications, type NotificationRecord } from './notifications.repository.js';
import { findCohortTable } from '../cohorts/cohort-table.repository.js';

/** Records kept on a firing (the count says how many there were in all). */
export const FIRING_RECORDS_MAX = 1_000;

export interface EvaluationDeps {
  db: Database;
  warehouse: Warehouse;
  log: FastifyBaseLogger;
  /** Queues the delivery jobs of rows just committed (the outbox's relay). */
  enqueue: (deliveries: DeliveryRecord[]) => Promise<void>;
}

/**
 * Evaluates the cohort's alerts after its snapshot at `snapshotAt` (ADR 0023). Each alert
 * looks at the window since its last evaluation, so a retried snapshot job evaluates
 * nothing twice, and an identical load (no changes) fires nothing.
 */
export async function evaluateCohortAlerts(deps: EvaluationDeps, event: CohortSnapshotTaken) {
  const alerts = await listCohortNotifications(deps.db, event.orgId, event.cohortId);
  if (alerts.length === 0) return;
  const table = await findCohortTable(deps.db, event.orgId, event.cohortId);
  if (!table) return;
  for (const alert of alerts) {
    const deliveries = await evaluateAlert(deps, alert, table, event);
    if (deliveries?.length) await deps.enqueue(deliveries);
  }
}

async function evaluateAlert(
  deps: EvaluationDeps,
  alert: NotificationRecord,
  table: BaseTable,
  event: CohortSnapshotTaken,
): Promise<DeliveryRecord[] | null> {
  const to = new Date(event.snapshotAt);
  const from = alert.evaluatedAt;
  if (from && from.getTime() >= event.snapshotAt) return null;
  const step = { orgId: event.orgId, notificationId: alert.id, from, to };
  // The first evaluation is a baseline: who is in already, and the count drops start from.
  if (!from) {
    return recordEvaluation(
      deps.db,
      { ...step, referenceCount: event.members, armed: true },
      null,
      [],
    );
  }
  const window = {
    cohortId: event.cohortId,
    table,
    after: from.getTime(),
    until: event.snapshotAt,
  };
  const read = (change: 'entered' | 'left') =>
    readChangesBetween(deps.warehouse, event.orgId, {
      ...window,
      change,
      limit: FIRING_RECORDS_MAX,
    });
  let fire = false;
  let referenceCount = event.members;
  let armed = true;
  let previousCount: number | null = null;
  let changes = { total: 0, records: [] as Record<string, string | null>[] };
  if (alert.type === 'new') {
    changes = await read('entered');
    fire = changes.total > 0;
  } else if (alert.threshold) {
    const reference = alert.referenceCount ?? event.members;
    const next = evaluateLess(alert.threshold, { reference, armed: alert.armed }, event.members);
    ({ fire, armed } = next);
    referenceCount = next.reference;
    previousCount = reference;
    if (fire) changes = await read('left');
  }
  // Disabled or snoozed: the change is consumed silently, so waking up does not replay it.
  const muted = !alert.enabled || (alert.snoozedUntil !== null && alert.snoozedUntil > new Date());
  const firing =
    fire && !muted
      ? {
          orgId: event.orgId,
          notificationId: alert.id,
          snapshotAt: to,
          type: alert.type,
          count: alert.type === 'new' ? changes.total : event.members,
          previousCount,
          records: changes.records,
        }
      : null;
  const targets = firing ? deliveryTargets(alert) : [];
  const deliveries = await recordEvaluation(
    deps.db,
    { ...step, referenceCount, armed },
    firing,
    targets,
  );
  if (firing && deliveries) {
    deps.log.info(
      { orgId: event.orgId, notificationId: alert.id, count: firing.count },
      'alert fired',
    );
  }
  return deliveries;
}

/** One delivery per channel and target: the owner's inbox, the Slack channel, each address. */
export function deliveryTargets(
  alert: Pick<NotificationRecord, 'channels' | 'createdBy'>,
): DeliveryTarget[] {
  const targets: DeliveryTarget[] = [];
  if (alert.channels.inApp && alert.createdBy)
    targets.push({ channel: 'inApp', target: alert.createdBy });
  if (alert.channels.slack)
    targets.push({ channel: 'slack', target: alert.channels.slack.channelId });
  for (const address of new Set(alert.channels.email.map((email) => email.toLowerCase()))) {
    targets.push({ channel: 'email', target: address });
  }
  return targets;
}
