import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { pacingSlots } from '../database/schema/index.js';

/**
 * A send slot of a lane: the caller's, to use once `waitMs` have passed; or none, when the
 * lane is booked further ahead than the caller may wait (nothing was taken: the caller
 * answers "rate limited" and its job tries again after `retryAfterMs`).
 */
export type PacingSlot = { taken: true; waitMs: number } | { taken: false; retryAfterMs: number };

export interface ReserveOptions {
  /** A slot further ahead than this is not taken; default `PACING_MAX_WAIT_MS`. */
  maxWaitMs?: number;
}

/**
 * Spaces the sends of a lane (a Slack channel, a provider's API for an organization) across
 * every process on the metadata database (ADR 0035): each send takes the lane's next free
 * slot, `spacingMs` after the one before. A rolling-window limit (HubSpot's 190 per 10 s) is
 * kept as one call per window / limit: even spacing never puts more than the limit in any
 * window, and a lane in steady use loses no throughput to it.
 */
export interface Pacer {
  reserve(lane: string, spacingMs: number, options?: ReserveOptions): Promise<PacingSlot>;
}

/**
 * A job waits this long at most for a slot; past it the send is answered as rate limited,
 * so a crowded lane does not hold a job (and the leases it keeps) for minutes.
 */
export const PACING_MAX_WAIT_MS = 30_000;

/**
 * The pacer on the metadata database's `pacing_slots` (ADR 0035), PGlite or PostgreSQL alike.
 * One statement takes a slot: `greatest(next_at, now)` (an idle lane starts now, not where it
 * stopped), `next_at` moved on by the spacing. It reads the clock of the database, so
 * processes on several machines agree on it, and `clock_timestamp()` rather than `now()`: a
 * statement that waited for the row's lock counts from when it got it.
 */
export function createPacer(db: Database): Pacer {
  return {
    async reserve(lane, spacingMs, options = {}) {
      const maxWaitMs = options.maxWaitMs ?? PACING_MAX_WAIT_MS;
      const spacing = sql`(${spacingMs}::float8 * interval '1 millisecond')`;
      const [row] = await db
        .insert(pacingSlots)
        .values({ key: lane, nextAt: sql`clock_timestamp() + ${spacing}` })
        .onConflictDoUpdate({
          target: pacingSlots.key,
          set: { nextAt: sql`greatest(${pacingSlots.nextAt}, clock_timestamp()) + ${spacing}` },
          setWhere: sql`${pacingSlots.nextAt} <= clock_timestamp() + (${maxWaitMs}::float8 * interval '1 millisecond')`,
        })
        .returning({ waitMs: millisecondsUntil(sql`${pacingSlots.nextAt} - ${spacing}`) });
      if (row) return { taken: true, waitMs: row.waitMs };
      const [booked] = await db
        .select({ untilFree: millisecondsUntil(sql`${pacingSlots.nextAt}`) })
        .from(pacingSlots)
        .where(eq(pacingSlots.key, lane));
      return { taken: false, retryAfterMs: booked?.untilFree ?? spacingMs };
    },
  };
}

/** Milliseconds from the database's clock until `moment` (0 when it has passed). */
const millisecondsUntil = (moment: ReturnType<typeof sql>) =>
  sql<number>`greatest(0, extract(epoch from (${moment} - clock_timestamp()))::float8 * 1000)`.mapWith(
    Number,
  );

/**
 * Takes the lane's slot and waits for it; answers the slot, not taken (and nothing waited)
 * when the lane is booked beyond `maxWaitMs`.
 */
export async function waitForSlot(
  pacer: Pacer,
  lane: string,
  spacingMs: number,
  sleep: (ms: number) => Promise<void>,
  options?: ReserveOptions,
): Promise<PacingSlot> {
  const slot = await pacer.reserve(lane, spacingMs, options);
  if (slot.taken && slot.waitMs > 0) await sleep(slot.waitMs);
  return slot;
}
