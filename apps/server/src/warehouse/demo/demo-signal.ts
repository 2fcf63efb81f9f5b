import type { Plan } from '../model/enum-options.js';
import { STREAMS, WINDOW_DAYS } from './demo-shape.js';
import { Random } from './prng.js';

/**
 * The demo's conversion signal (docs/product.md §9): some accounts go through
 * an **evaluation**, a few weeks in which their users' events are much more often
 * `export_created` and `dashboard_created`, and most paying accounts that evaluated upgrade
 * (`plan_upgraded`) a few days after it ends; a few upgrade without one. A behaviour score on
 * those two events therefore predicts upgrades, which the demo score's back-test shows. Free
 * accounts evaluate too but never upgrade (they are still free), so a high score is no
 * certainty. Drawn from streams of their own: every other generated value stays as it was.
 */
export interface DemoSignal {
  /** Window days [start, end) of the evaluation, or null. */
  evaluation: { start: number; end: number } | null;
  /** The window day of the upgrade and the plan it came from, or null. */
  upgrade: { day: number; from: Plan } | null;
}

/** Share of paying and of free accounts that evaluate. */
const EVALUATES = { paying: 0.3, free: 0.15 };
/** Paying accounts that upgrade after an evaluation, and without one. */
const UPGRADES_AFTER_EVALUATION = 0.7;
const UPGRADES_WITHOUT = 0.03;
const EVALUATION_DAYS = [21, 35] as const;
const UPGRADE_LAG_DAYS = [1, 10] as const;
/** During an evaluation, this share of a user's events become exports or dashboards. */
export const EVALUATION_EVENT_SHARE = 0.5;

/** The plan an account on `plan` upgraded from (free accounts never upgraded). */
const FROM: Record<Exclude<Plan, 'free'>, readonly Plan[]> = {
  starter: ['free'],
  pro: ['free', 'starter'],
  enterprise: ['starter', 'pro'],
};

/** The signal of the account at `index`, active on window days [firstDay, lastDay]. */
export function demoSignal(
  seed: number,
  index: number,
  plan: Plan,
  firstDay: number,
  lastDay: number,
): DemoSignal {
  const random = new Random(seed, STREAMS.signal, index);
  const paying = plan !== 'free';
  // The upgrade lands on a whole past day (never today, which stops at "now").
  const lastUpgradeDay = Math.min(lastDay, WINDOW_DAYS - 2);
  const evaluationDays = random.int(...EVALUATION_DAYS);
  const lag = random.int(...UPGRADE_LAG_DAYS);
  const evaluates = random.chance(paying ? EVALUATES.paying : EVALUATES.free);
  const upgrades = random.chance(evaluates ? UPGRADES_AFTER_EVALUATION : UPGRADES_WITHOUT);
  const from = paying ? random.pick(FROM[plan]) : null;
  const roll = random.float();
  let evaluation: DemoSignal['evaluation'] = null;
  let upgrade: DemoSignal['upgrade'] = null;
  if (evaluates) {
    const latestStart = lastDay - evaluationDays + 1;
    if (latestStart >= firstDay) {
      const start = firstDay + Math.floor(roll * (latestStart - firstDay + 1));
      evaluation = { start, end: start + evaluationDays };
      const day = evaluation.end + lag;
      if (from && upgrades && day <= lastUpgradeDay) upgrade = { day, from };
    }
  } else if (from && upgrades && lastUpgradeDay >= firstDay) {
    upgrade = { day: firstDay + Math.floor(roll * (lastUpgradeDay - firstDay + 1)), from };
  }
  return { evaluation, upgrade };
}

/** Whether `day` is one of the account's evaluation days. */
export function isEvaluationDay(signal: DemoSignal, day: number): boolean {
  return (
    signal.evaluation !== null && day >= signal.evaluation.start && day < signal.evaluation.end
  );
}
