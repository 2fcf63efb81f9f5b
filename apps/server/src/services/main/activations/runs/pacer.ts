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
 * The lane an organization's calls to a provider take (ADR 0035): shared by every process and
 * by every sender of that provider (activation runs, plays' tasks), spaced evenly at the
 * limit. Even spacing keeps any rolling window at the limit (a hair under: 1% margin for the
 * calls' jitter on the way) and uses the whole allowance without bursting into 429s. Null: not spaced.
 */
export function providerLane(
  orgId: string,
  provider: ActivationProvider,
  limits: Record<ActivationProvider, RequestLimit | null> = REQUEST_LIMITS,
): { key: string; spacingMs: number } | null {
  const limit = limits[provider];
  if (!limit) return null;
  return {
    key: `provider:${orgId}:${provider}`,
    spacingMs: (limit.windowMs / limit.requests) * 1.01,
  };
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
