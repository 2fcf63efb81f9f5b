import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import {
  notificationDeliveries,
  notificationFirings,
  notifications,
} from '../../../platform/database/schema/index.js';
import type { DeliveryRecord } from './firings.repository.js';

/**
 * Takes a pending delivery for `leaseMs` (ADR 0023): one worker sends it at a time; a worker
 * killed mid-send leaves a lease that runs out, and the sweep queues the row again.
 */
export async function claimDelivery(
  db: Database,
  deliveryId: string,
  now: Date,
  leaseMs: number,
): Promise<DeliveryRecord | undefined> {
  const [row] = await db
    .update(notificationDeliveries)
    .set({
      claimedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${notificationDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(notificationDeliveries.id, deliveryId),
        eq(notificationDeliveries.status, 'pending'),
        or(
          isNull(notificationDeliveries.claimedUntil),
          lt(notificationDeliveries.claimedUntil, now),
        ),
        or(
          isNull(notificationDeliveries.nextAttemptAt),
          lte(notificationDeliveries.nextAttemptAt, now),
        ),
      ),
    )
    .returning();
  return row;
}

export async function finishDelivery(
  db: Database,
  deliveryId: string,
  outcome: { status: 'sent' | 'failed' | 'pending'; error: string | null; retryAt: Date | null },
) {
  await db
    .update(notificationDeliveries)
    .set({
      status: outcome.status,
      error: outcome.error,
      claimedUntil: null,
      nextAttemptAt: outcome.retryAt,
      ...(outcome.status === 'sent' ? { sentAt: new Date() } : {}),
    })
    .where(eq(notificationDeliveries.id, deliveryId));
}

/** What a message needs: the firing and its alert's name. */
export async function findDeliveryFiring(db: Database, delivery: DeliveryRecord) {
  const [row] = await db
    .select({ firing: notificationFirings, alertName: notifications.name })
    .from(notificationFirings)
    .innerJoin(notifications, eq(notifications.id, notificationFirings.notificationId))
    .where(
      and(
        eq(notificationFirings.orgId, delivery.orgId),
        eq(notificationFirings.id, delivery.firingId),
      ),
    );
  return row;
}

/**
 * Pending rows nobody holds (never queued after a crash, or a lease that ran out); with
 * `includeHeld`, held ones too (a starting process: their holder may be the killed one, and
 * their job waits out the lease).
 */
export async function listStrandedDeliveries(
  db: Database,
  now: Date,
  olderThanMs: number,
  { includeHeld = false } = {},
) {
  return db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, 'pending'),
        lt(notificationDeliveries.createdAt, new Date(now.getTime() - olderThanMs)),
        includeHeld
          ? undefined
          : or(
              isNull(notificationDeliveries.claimedUntil),
              lt(notificationDeliveries.claimedUntil, now),
            ),
        or(
          isNull(notificationDeliveries.nextAttemptAt),
          lte(notificationDeliveries.nextAttemptAt, now),
        ),
      ),
    )
    .limit(1_000);
}

/**
 * Resend (`POST notifications/{id}/firings/{firingId}/resend`): the firing's failed
 * deliveries pending again, due now, each with its idempotency key (the same Slack metadata
 * key, the same mail Message-ID). Answers their ids.
 */
export async function resendFailedDeliveries(
  db: Database,
  orgId: string,
  notificationId: string,
  firingId: string,
): Promise<{ id: string }[] | null> {
  const [firing] = await db
    .select({ id: notificationFirings.id })
    .from(notificationFirings)
    .where(
      and(
        eq(notificationFirings.orgId, orgId),
        eq(notificationFirings.notificationId, notificationId),
        eq(notificationFirings.id, firingId),
      ),
    );
  if (!firing) return null;
  return db
    .update(notificationDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null, claimedUntil: null })
    .where(
      and(
        eq(notificationDeliveries.orgId, orgId),
        eq(notificationDeliveries.firingId, firingId),
        eq(notificationDeliveries.status, 'failed'),
      ),
    )
    .returning({ id: notificationDeliveries.id });
}

/** Until when another worker holds a pending row; null when it is not pending or not held. */
export async function deliveryHeldUntil(db: Database, deliveryId: string, now: Date) {
  const [row] = await db
    .select({ claimedUntil: notificationDeliveries.claimedUntil })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.id, deliveryId),
        eq(notificationDeliveries.status, 'pending'),
        gte(notificationDeliveries.claimedUntil, now),
      ),
    );
  return row?.claimedUntil ?? null;
}
