import type { ActivationProvider } from '@revlane/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { HUBSPOT_REQUEST_LIMIT, type RequestLimit } from '../../../../integrations/index.js';
import type { Database } from '../../../../platform/database/database.js';
import {
  activationApiUsage,
  activationBudgets,
} from '../../../../platform/database/schema/index.js';

/**
 * The providers' published request limits (ADR 0033), which a run keeps under by spacing its
 * calls evenly: HubSpot's private-app limit (190 per 10 s); Intercom's 10,000 a minute, which
 * it spreads over 10-second periods; Google Sheets' 60 writes a minute per user. Salesforce
 * limits calls per day (the budget below) and Bulk 2.0 jobs are few: not spaced.
 */
export const REQUEST_LIMITS: Record<ActivationProvider, RequestLimit | null> = {
  salesforce: null,
  hubspot: HUBSPOT_REQUEST_LIMIT,
  intercom: { requests: 1_666, windowMs: 10_000 },
  google_sheets: { requests: 60, windowMs: 60_000 },
};

/**
 * Spaces calls to `limit.requests` per `limit.windowMs`, evenly: each call takes the next free
 * slot, so any window of that length holds at most the limit (a hair under: 1% margin for
 * the two clocks), and a run uses the whole allowance without bursting into 429s.
 */
export class RequestSpacer {
  private nextAt = 0;
  private readonly intervalMs: number;

  constructor(limit: RequestLimit) {
    this.intervalMs = (limit.windowMs / limit.requests) * 1.01;
  }

  /** Milliseconds to wait before the call may go (and its slot is taken). */
  take(now = Date.now()): number {
    const slot = Math.max(now, this.nextAt);
    this.nextAt = slot + this.intervalMs;
    return slot - now;
  }
}

/** One spacer per organization and provider in this process. */
const spacers = new Map<string, RequestSpacer>();

export function spacerFor(
  orgId: string,
  provider: ActivationProvider,
  limits: Record<ActivationProvider, RequestLimit | null> = REQUEST_LIMITS,
): RequestSpacer | null {
  const limit = limits[provider];
  if (!limit) return null;
  const key = `${orgId}:${provider}:${limit.requests}/${limit.windowMs}`;
  let spacer = spacers.get(key);
  if (!spacer) {
    spacer = new RequestSpacer(limit);
    spacers.set(key, spacer);
  }
  return spacer;
}

/** A run stops sending when the organization's daily budget for the provider is spent. */
export class BudgetSpent extends Error {}

const today = () => new Date().toISOString().slice(0, 10);

export async function readBudget(
  db: Database,
  orgId: string,
  provider: ActivationProvider,
): Promise<number | null> {
  const [row] = await db
    .select({ callsPerDay: activationBudgets.callsPerDay })
    .from(activationBudgets)
    .where(and(eq(activationBudgets.orgId, orgId), eq(activationBudgets.provider, provider)));
  return row?.callsPerDay ?? null;
}

/**
 * Counts one call against today's budget (UTC day), refusing it once the budget is spent:
 * the count is kept in the database, so every run and process shares it.
 */
export async function spendCall(
  db: Database,
  orgId: string,
  provider: ActivationProvider,
  budget: number,
): Promise<void> {
  const [row] = await db
    .insert(activationApiUsage)
    .values({ orgId, provider, day: today(), calls: 1 })
    .onConflictDoUpdate({
      target: [activationApiUsage.orgId, activationApiUsage.provider, activationApiUsage.day],
      set: { calls: sql`${activationApiUsage.calls} + 1` },
      setWhere: sql`${activationApiUsage.calls} < ${budget}`,
    })
    .returning({ calls: activationApiUsage.calls });
  if (!row)
    throw new BudgetSpent(
      `The daily budget of ${budget} API calls is spent; the rest is sent on a run after midnight UTC.`,
    );
}
