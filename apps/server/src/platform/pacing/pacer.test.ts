import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/database.js';
import { pacingSlots } from '../database/schema/index.js';
import { createPacer, waitForSlot } from './pacer.js';

const store = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/**
 * A slot's wait is counted from its own statement's clock, so a statement that runs later
 * (a busy machine queues them) waits that much less: bounds allow for the time since the
 * test began, plus a millisecond of rounding, rather than a fixed slack.
 */
let startedAt = 0;
const slack = () => performance.now() - startedAt + 1;

describe(`pacer: send slots in pacing_slots over ${store} (ADR 0035)`, () => {
  const database = useTestDatabase();
  const pacer = () => createPacer(database.db);
  beforeEach(() => {
    startedAt = performance.now();
  });
  const waits = (slot: Awaited<ReturnType<ReturnType<typeof pacer>['reserve']>>) => {
    if (!slot.taken) throw new Error('no slot taken');
    return slot.waitMs;
  };

  it('spaces the slots of a lane: now, then one spacing later, then two', async () => {
    const first = waits(await pacer().reserve('test:spacing', 1_000));
    const second = waits(await pacer().reserve('test:spacing', 1_000));
    const third = waits(await pacer().reserve('test:spacing', 1_000));
    expect(first).toBe(0);
    expect(second).toBeGreaterThan(1_000 - slack());
    expect(second).toBeLessThanOrEqual(1_000);
    expect(third).toBeGreaterThan(2_000 - slack());
    expect(third).toBeLessThanOrEqual(2_000);
  });

  it('keeps lanes apart', async () => {
    await pacer().reserve('test:lane-a', 1_000);
    expect(waits(await pacer().reserve('test:lane-b', 1_000))).toBe(0);
    expect(waits(await pacer().reserve('test:lane-a', 1_000))).toBeGreaterThan(1_000 - slack());
  });

  it('starts an idle lane now, not where it stopped (greatest(next_at, now))', async () => {
    await pacer().reserve('test:idle', 1_000);
    // Idle for an hour: its next slot lies in the past.
    await database.db
      .update(pacingSlots)
      .set({ nextAt: sql`clock_timestamp() - interval '1 hour'` })
      .where(eq(pacingSlots.key, 'test:idle'));
    expect(waits(await pacer().reserve('test:idle', 1_000))).toBe(0);
    // The slot taken was now's: the next is one spacing after it, not an hour ago + spacing.
    expect(waits(await pacer().reserve('test:idle', 1_000))).toBeGreaterThan(1_000 - slack());
  });

  it('refuses a slot beyond the longest wait, and takes nothing', async () => {
    for (let i = 0; i < 3; i += 1) await pacer().reserve('test:full', 1_000);
    // Booked 3 s ahead: a caller that may wait 2.5 s is refused, told when the lane is free.
    const refused = await pacer().reserve('test:full', 1_000, { maxWaitMs: 2_500 });
    expect(refused.taken).toBe(false);
    expect(!refused.taken && refused.retryAfterMs).toBeGreaterThan(3_000 - slack());
    expect(!refused.taken && refused.retryAfterMs).toBeLessThanOrEqual(3_000);
    const [row] = await database.db
      .select({ ahead: sql<number>`extract(epoch from (next_at - clock_timestamp())) * 1000` })
      .from(pacingSlots)
      .where(eq(pacingSlots.key, 'test:full'));
    expect(Number(row!.ahead)).toBeLessThanOrEqual(3_000);
    // One that may wait longer gets the slot 3 s out.
    expect(waits(await pacer().reserve('test:full', 1_000, { maxWaitMs: 3_500 }))).toBeGreaterThan(
      3_000 - slack(),
    );
  });

  it('spaces callers that reserve at once (fractional spacing: HubSpot’s 190 per 10 s)', async () => {
    const spacing = (10_000 / 190) * 1.01;
    // Each slot's moment: when its answer came plus its wait (off by how long the answer took).
    const moments = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const wait = waits(await pacer().reserve('test:burst', spacing));
        return performance.now() + wait;
      }),
    );
    const sorted = moments.sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1)
      expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(spacing - slack());
    expect(sorted.at(-1)! - sorted[0]!).toBeGreaterThan(19 * spacing - slack());
  });

  it('waitForSlot sleeps until the slot', async () => {
    const slept: number[] = [];
    const sleep = (ms: number) => {
      slept.push(ms);
      return Promise.resolve();
    };
    await waitForSlot(pacer(), 'test:sleep', 500, sleep);
    await waitForSlot(pacer(), 'test:sleep', 500, sleep);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(500 - slack());
  });
});
