import type { LifecycleStage, Plan } from '../model/enum-options.js';
import { COUNTRIES, INDUSTRIES } from '../model/enum-options.js';
import { COMPANY_FIRST, COMPANY_SECOND, COMPANY_SUFFIXES, TLDS } from './demo-vocabulary.js';
import { DAY_MS, STREAMS, WINDOW_DAYS, dayOf, type DemoClock, type Trend } from './demo-shape.js';
import { Random } from './prng.js';
import { demoSignal, type DemoSignal } from './demo-signal.js';

export interface DemoAccount {
  id: string;
  name: string;
  domain: string;
  website: string | null;
  billingEmail: string | null;
  plan: Plan;
  mrr: number;
  seats: number;
  country: string;
  industry: string;
  lifecycle: LifecycleStage;
  createdAt: number;
  renewalAt: number | null;
  /** Hidden drivers of the generated activity. */
  firstDay: number;
  lastDay: number;
  trend: Trend;
  activity: number;
  userWeight: number;
  /** Evaluation and upgrade: the conversion signal (demo-signal.ts). */
  signal: DemoSignal;
}

const PAIRS = COMPANY_FIRST.length * COMPANY_SECOND.length;
// Coprime with PAIRS, so index → pair is a bijection: every domain is unique by construction.
const STRIDE = 1597;
const PRICE_PER_SEAT: Record<Plan, number> = { free: 0, starter: 15, pro: 39, enterprise: 59 };
const PLAN_ACTIVITY: Record<Plan, number> = { free: 0.5, starter: 0.9, pro: 1.2, enterprise: 1.5 };
const COUNTRY_WEIGHTS = COUNTRIES.map(
  (country, index) => [country, index === 0 ? 30 : 14 / (index + 1)] as const,
);

/** The demo account `index`'s name and domain (the sandbox CRMs reuse them so CRM accounts join by domain). */
export function demoAccountNaming(index: number) {
  const pair = (index * STRIDE + 7) % PAIRS;
  const cycle = Math.floor(index / PAIRS);
  const first = COMPANY_FIRST[pair % COMPANY_FIRST.length]!;
  const second = COMPANY_SECOND[Math.floor(pair / COMPANY_FIRST.length)]!;
  const suffix = cycle === 0 ? '' : ` ${COMPANY_SUFFIXES[(cycle - 1) % COMPANY_SUFFIXES.length]}`;
  const round =
    cycle > COMPANY_SUFFIXES.length ? ` ${Math.ceil(cycle / COMPANY_SUFFIXES.length)}` : '';
  const slug = `${first}${second}`.toLowerCase() + (cycle === 0 ? '' : String(cycle));
  return {
    name: `${first} ${second}${suffix}${round}`,
    domain: `${slug}.${TLDS[pair % TLDS.length]}`,
  };
}

function choosePlan(random: Random, lifecycle: LifecycleStage): Plan {
  if (lifecycle === 'trial')
    return random.weighted([
      ['free', 5],
      ['starter', 3],
      ['pro', 2],
    ]);
  if (lifecycle === 'expansion')
    return random.weighted([
      ['starter', 3],
      ['pro', 5],
      ['enterprise', 2],
    ]);
  return random.weighted([
    ['free', 40],
    ['starter', 27],
    ['pro', 22],
    ['enterprise', 11],
  ]);
}

function chooseSeats(random: Random, plan: Plan): number {
  if (plan === 'free') return random.int(1, 5);
  if (plan === 'starter') return random.int(3, 20);
  if (plan === 'pro') return 5 + Math.round(12 * random.logNormal(0.6));
  return 20 + Math.round(90 * random.logNormal(0.7));
}

/** The account at `index`, regenerated from the seed alone (no state between accounts). */
export function demoAccount(seed: number, index: number, clock: DemoClock): DemoAccount {
  const random = new Random(seed, STREAMS.account, index);
  const lifecycle = random.weighted<LifecycleStage>([
    ['trial', 6],
    ['onboarding', 8],
    ['active', 50],
    ['expansion', 10],
    ['at_risk', 12],
    ['churned', 14],
  ]);
  const ageDays =
    lifecycle === 'trial'
      ? random.int(1, 30)
      : lifecycle === 'onboarding'
        ? random.int(31, 90)
        : random.int(91, 1100);
  const createdAt = clock.now - ageDays * DAY_MS - random.int(0, DAY_MS - 1);
  const plan = choosePlan(random, lifecycle);
  const seats = chooseSeats(random, plan);
  const discount = plan === 'enterprise' ? random.float() * 0.25 : 0;
  const paysNow = lifecycle !== 'trial' && lifecycle !== 'churned';
  const mrr = paysNow ? Math.round(seats * PRICE_PER_SEAT[plan] * (1 - discount) * 100) / 100 : 0;
  const years = Math.ceil((clock.now - createdAt) / (365 * DAY_MS));
  const { name, domain } = demoAccountNaming(index);
  const trend: Trend =
    lifecycle === 'expansion' || lifecycle === 'trial' || lifecycle === 'onboarding'
      ? 'growing'
      : lifecycle === 'at_risk' || lifecycle === 'churned'
        ? 'declining'
        : random.weighted<Trend>([
            ['steady', 60],
            ['growing', 25],
            ['declining', 15],
          ]);
  const dormant = random.chance(0.12);
  const account: Omit<DemoAccount, 'signal'> = {
    id: `acc_${String(index + 1).padStart(7, '0')}`,
    name,
    domain,
    website: random.chance(0.95) ? `https://www.${domain}` : null,
    billingEmail:
      mrr > 0 || random.chance(0.7)
        ? `${random.pick(['billing', 'finance', 'accounts'])}@${domain}`
        : null,
    plan,
    mrr,
    seats,
    country: random.weighted(COUNTRY_WEIGHTS),
    industry: random.pick(INDUSTRIES),
    lifecycle,
    createdAt,
    renewalAt: mrr > 0 ? createdAt + years * 365 * DAY_MS : null,
    firstDay: createdAt < clock.windowStart ? 0 : dayOf(clock, createdAt),
    lastDay: lifecycle === 'churned' ? random.int(20, 150) : WINDOW_DAYS - 1,
    trend,
    activity: random.logNormal(0.9) * PLAN_ACTIVITY[plan] * (dormant ? 0.03 : 1),
    userWeight: Math.pow(seats, 0.7) * random.logNormal(0.4),
  };
  // After every other draw, from a stream of its own: the rest of the account is unchanged.
  const signal = demoSignal(seed, index, plan, account.firstDay, account.lastDay);
  return { ...account, signal };
}
