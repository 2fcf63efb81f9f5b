import { USER_ROLES, type UserRole } from '../model/enum-options.js';
import type { DemoAccount } from './demo-accounts.js';
import { DAY_MS, STREAMS, dayOf, type DemoClock } from './demo-shape.js';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from './demo-vocabulary.js';
import { Random } from './prng.js';

/**
 * Which users belong to which account: account k owns users [starts[k], starts[k+1]).
 * Every account gets one user when there are enough, the rest go by account size, so big
 * plans have big teams. Two small typed arrays, however many users.
 */
export function userLayout(
  accounts: readonly { userWeight: number }[] | Float64Array,
  users: number,
) {
  const weights =
    accounts instanceof Float64Array ? accounts : Float64Array.from(accounts, (a) => a.userWeight);
  const count = weights.length;
  const starts = new Int32Array(count + 1);
  const base = users >= count ? 1 : 0;
  const extra = users - base * count;
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  let cumulative = 0;
  let assigned = 0;
  for (let k = 0; k < count; k += 1) {
    cumulative += weights[k]!;
    const target = Math.round((extra * cumulative) / total);
    starts[k + 1] = starts[k]! + base + target - assigned;
    assigned = target;
  }
  return starts;
}

/** When the user joined and how much they use the product (drives their events). */
export interface UserTiming {
  createdAt: number;
  firstDay: number;
  engagement: number;
}

export function userTiming(
  seed: number,
  index: number,
  local: number,
  account: DemoAccount,
  clock: DemoClock,
): UserTiming {
  const random = new Random(seed, STREAMS.userActivity, index);
  const span = Math.max(1, clock.now - account.createdAt);
  // The first user signs the account up; teammates arrive over time, mostly early.
  const createdAt =
    local === 0
      ? account.createdAt
      : account.createdAt + Math.floor(span * Math.pow(random.float(), 1.8));
  const inactive = random.chance(0.08);
  return {
    createdAt,
    firstDay: Math.max(account.firstDay, dayOf(clock, createdAt)),
    engagement: inactive ? 0 : random.logNormal(1) * (local === 0 ? 1.4 : 1),
  };
}

export const demoUserId = (index: number) => `usr_${String(index + 1).padStart(8, '0')}`;

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  title: string | null;
  role: UserRole;
  emailVerified: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}

/** The user at global `index`, the `local`-th of its account; `taken` keeps emails unique per account. */
export function demoUser(
  seed: number,
  index: number,
  local: number,
  account: DemoAccount,
  timing: UserTiming,
  clock: DemoClock,
  taken: Set<string>,
): DemoUser {
  const random = new Random(seed, STREAMS.user, index);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const stem = `${first}.${last}`.toLowerCase();
  let local_part = stem;
  for (let n = 2; taken.has(local_part); n += 1) local_part = `${stem}${n}`;
  taken.add(local_part);
  const role: UserRole =
    local === 0
      ? 'owner'
      : random.weighted([
          [USER_ROLES[1], 10],
          [USER_ROLES[2], 70],
          [USER_ROLES[3], 20],
        ]);
  const neverLoggedIn = timing.engagement === 0 && random.chance(0.6);
  const lastLogin = clock.now - Math.floor(random.float() * random.float() * 60 * DAY_MS);
  return {
    id: demoUserId(index),
    email: `${local_part}@${account.domain}`,
    name: `${first} ${last}`,
    title: random.chance(0.7) ? random.pick(JOB_TITLES) : null,
    role,
    emailVerified: random.chance(0.92),
    createdAt: timing.createdAt,
    lastLoginAt: neverLoggedIn ? null : Math.max(timing.createdAt, lastLogin),
  };
}
