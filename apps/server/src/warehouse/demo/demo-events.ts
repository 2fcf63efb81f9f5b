import type { DemoAccount } from './demo-accounts.js';
import { DAY_MS, STREAMS, trendFactor, type DemoClock } from './demo-shape.js';
import { EVENT_KINDS } from './demo-vocabulary.js';
import { Random } from './prng.js';
import { EVALUATION_EVENT_SHARE, isEvaluationDay } from './demo-signal.js';
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

/** What an evaluating account's users do more of (demo-signal.ts). */
const EVALUATION_KINDS = EVENT_KINDS.filter(([name]) =>
  ['export_created', 'dashboard_created'].includes(name),
);

/** The event recording an account's upgrade (demo-signal.ts), in the conversion signal. */
export const PLAN_UPGRADED = 'plan_upgraded';

/**
 * `count` events of one user: days drawn by weekday and the account's trend (rejection
 * sampling), times by business hours, names by their share of traffic; on the account's
 * evaluation days, half of them are exports or dashboards instead (drawn from a stream of
 * their own, so days and times are those of the same data without the signal).
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
  const signal = new Random(seed, STREAMS.signalEvents, userIndex);
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
    let [name, , variants] = pickKind(random);
    if (isEvaluationDay(account.signal, day) && signal.chance(EVALUATION_EVENT_SHARE))
      [name, , variants] = signal.pick(EVALUATION_KINDS);
    sink.push(name, Math.max(occurredAt, timing.createdAt), random.pick(variants));
  }
}

/**
 * The account's `plan_upgraded` event, done by `timing`'s user on the upgrade day in business
 * hours; null when the account does not upgrade or the user had not joined by then.
 */
export function upgradeEvent(
  seed: number,
  userIndex: number,
  account: DemoAccount,
  timing: UserTiming,
  clock: DemoClock,
): { name: string; occurredAt: number; properties: string } | null {
  const upgrade = account.signal.upgrade;
  if (!upgrade || upgrade.day < timing.firstDay) return null;
  const random = new Random(seed, STREAMS.upgrade, userIndex);
  const hours = 9 + 8 * random.float();
  const occurredAt = clock.windowStart + upgrade.day * DAY_MS + Math.floor(hours * 3_600_000);
  return {
    name: PLAN_UPGRADED,
    occurredAt: Math.max(occurredAt, timing.createdAt),
    properties: JSON.stringify({ from: upgrade.from, to: account.plan }),
  };
}
