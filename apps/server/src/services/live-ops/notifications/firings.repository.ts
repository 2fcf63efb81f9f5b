import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import type { Queryable } from '../../../platform/database/queryable.js';
import {
  notificationDeliveries,
  notificationFirings,
  notifications,
} from '../../../platform/database/schema/index.js';

export type FiringRecord = typeof notificationFirings.$inferSelect;
export type DeliveryRecord = typeof notificationDeliveries.$inferSelect;

export interface NewFiring {
  orgId: string;
  notificationId: string;
  snapshotAt: Date;
  type: 'new' | 'less';
  count: number;
  previousCount: number | null;
  records: Record<string, string | null>[];
}

export interface DeliveryTarget {
  channel: 'inApp' | 'slack' | 'email';
  target: string;
}

/** The alert's evaluation state moves on from `from` (null: baseline) to the new moment. */
export interface EvaluationStep {
  orgId: string;
  notificationId: string;
  from: Date | null;
  to: Date;
  referenceCount: number;
  armed: boolean;
}

/**
 * One transaction (ADR 0023): moves the alert's state on, only if nobody did meanwhile
 * (compare-and-set on `evaluated_at`), and with it writes the firing and its delivery rows,
 * the outbox. Returns the deliveries to send, or null when another evaluation won.
 */
export async function recordEvaluation(
  db: Database,
  step: EvaluationStep,
  firing: NewFiring | null,
  targets: DeliveryTarget[],
): Promise<DeliveryRecord[] | null> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(notifications)
      .set({ evaluatedAt: step.to, referenceCount: step.referenceCount, armed: step.armed })
      .where(
        and(
          eq(notifications.orgId, step.orgId),
          eq(notifications.id, step.notificationId),
          step.from ? eq(notifications.evaluatedAt, step.from) : isNull(notifications.evaluatedAt),
        ),
      )
      .returning({ id: notifications.id });
    if (moved.length === 0) return null;
    if (!firing) return [];
    const [row] = await tx.insert(notificationFirings).values(firing).returning();
    if (targets.length === 0) return [];
    return insertDeliveries(tx, row!, targets);
  });
}

function insertDeliveries(tx: Queryable, firing: FiringRecord, targets: DeliveryTarget[]) {
  const now = new Date();
  return tx
    .insert(notificationDeliveries)
    .values(
      targets.map(({ channel, target }) => ({
        orgId: firing.orgId,
        firingId: firing.id,
        channel,
        target,
        idempotencyKey: `${firing.id}:${channel}:${target}`,
        // The inbox is the in-app channel: committed is delivered.
        ...(channel === 'inApp' ? { status: 'sent' as const, sentAt: now, attempts: 1 } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** The alert's firings, newest first, with their deliveries. */
export async function listFirings(db: Database, orgId: string, notificationId: string) {
  const firings = await db
    .select()
    .from(notificationFirings)
    .where(
      and(
        eq(notificationFirings.orgId, orgId),
        eq(notificationFirings.notificationId, notificationId),
      ),
    )
    .orderBy(desc(notificationFirings.firedAt), desc(notificationFirings.snapshotAt))
    .limit(200);
  const deliveries = firings.length
    ? await db
        .select()
        .from(notificationDeliveries)
        .where(
          inArray(
            notificationDeliveries.firingId,
            firings.map((firing) => firing.id),
          ),
        )
        .orderBy(notificationDeliveries.channel, notificationDeliveries.target)
    : [];
  return firings.map((firing) => ({
    firing,
    deliveries: deliveries.filter((delivery) => delivery.firingId === firing.id),
  }));
}
