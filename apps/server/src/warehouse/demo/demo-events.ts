import type { DemoAccount } from './demo-accounts.js';
import { DAY_MS, STREAMS, trendFactor, type DemoClock } from './demo-shape.js';
import { EVENT_KINDS } from './demo-vocabulary.js';
import { Random } from './prng.js';
import type { UserTiming } from './demo-users.js';

/** A user's share of all events: account activity × own engagement × days they could act. */
export function eventWeight(account: DemoAccount, timing: UserTiming): number {
  const days = account.lastDay - timing.firstDay + 1;
  return days > 0 ? account.activity * timing.engagement * days : 0;
}

const KIND_TOTAL = EVENT_KINDS.reduce((sum, [, weight]) => sum + weight, 0);
const MAX_DAY_WEIGHT = 1.6; // weekday factor ≤ 1 × trend factor ≤ 1.6

export interface EventSink {
  push(name: string, occurredAt: number, properties: string | null): void;
}

function pickKind(random: Random) {
  let roll = random.float() * KIND_TOTAL;
  for (const kind of EVENT_KINDS) {
    roll -= kind[1];
    if (roll < 0) return kind;
  }
  return EVENT_KINDS[0]!;
}

/**
 * `count` events of one user: days drawn by weekday and the account's trend (rejection
 * sampling), times by business hours, names by their share of traffic.
 */
export function generateUserEvents(
  seed: number,
  userIndex: number,
  count: number,
  account: DemoAccount,
  timing: UserTiming,
  clock: DemoClock,
  sink: EventSink,
): void {
  const random = new Random(seed, STREAMS.events, userIndex);
  const span = account.lastDay - timing.firstDay + 1;
  for (let n = 0; n < count; n += 1) {
    let day = timing.firstDay;
    for (let tries = 0; tries < 50; tries += 1) {
      day = timing.firstDay + Math.floor(random.float() * span);
      const weight = clock.weekday[day]! * trendFactor(account.trend, day);
      if (random.float() * MAX_DAY_WEIGHT < weight) break;
    }
    const dayStart = clock.windowStart + day * DAY_MS;
    // Business hours around 14:30 UTC, spread ±4h; today stops at "now".
    const hours = Math.min(
      23.99,
      Math.max(0, 14.5 + 4 * (random.float() + random.float() + random.float() - 1.5)),
    );
    let occurredAt = dayStart + Math.floor(hours * 3_600_000);
    if (occurredAt >= clock.now)
      occurredAt = dayStart + Math.floor(random.float() * (clock.now - dayStart));
    const [name, , variants] = pickKind(random);
    sink.push(name, Math.max(occurredAt, timing.createdAt), random.pick(variants));
  }
}
