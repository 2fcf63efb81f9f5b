import type { ActivationProvider, ListQuery } from '@revlane/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { listPage } from '../../../platform/database/list-page.js';
import type { Queryable } from '../../../platform/database/queryable.js';
import {
  activationBudgets,
  activations,
  cohorts,
} from '../../../platform/database/schema/index.js';
import { isUuid } from '../../../platform/database/uuid.js';

export type ActivationRecord = typeof activations.$inferSelect;
export type NewActivation = typeof activations.$inferInsert;

/** What the API shows of an activation: its row and its cohort's name. */
export interface ActivationRow {
  row: ActivationRecord;
  cohortName: string;
}

function selectRows(db: Queryable) {
  return db
    .select({ row: activations, cohortName: cohorts.name })
    .from(activations)
    .innerJoin(cohorts, eq(cohorts.id, activations.cohortId));
}

const live = (orgId: string) => and(eq(activations.orgId, orgId), isNull(activations.deletedAt))!;
const SORTS = {
  name: activations.name,
  createdAt: activations.createdAt,
  updatedAt: activations.updatedAt,
  nextRunAt: activations.nextRunAt,
} as const;

/** A page of the organization's activations (search on the name, sort by a known field). */
export function listActivationPage(
  db: Database,
  orgId: string,
  query: ListQuery,
): Promise<{ rows: ActivationRow[]; total: number }> {
  return listPage(db, query, {
    table: activations,
    select: () => selectRows(db).$dynamic(),
    where: live(orgId),
    name: activations.name,
    id: activations.id,
    sorts: SORTS,
  });
}

/** The organization's activation, not deleted. */
export async function findActivation(db: Queryable, orgId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectRows(db).where(and(live(orgId), eq(activations.id, id)));
  return row;
}

export async function insertActivation(db: Queryable, values: NewActivation) {
  const [row] = await db.insert(activations).values(values).returning();
  return row!;
}

export async function updateActivation(
  db: Queryable,
  orgId: string,
  id: string,
  values: Partial<NewActivation>,
) {
  await db
    .update(activations)
    .set(values)
    .where(and(eq(activations.orgId, orgId), eq(activations.id, id)));
}

/** Deleting keeps the row and its runs, and lets go of the cohort (ADR 0006, ADR 0033). */
export async function markActivationDeleted(db: Queryable, orgId: string, id: string) {
  await updateActivation(db, orgId, id, { deletedAt: new Date(), cohortId: null, nextRunAt: null });
}

/** The live activations on a cohort, oldest first (the dependents rule, ADR 0006). */
export function listCohortActivations(db: Queryable, orgId: string, cohortId: string) {
  if (!isUuid(cohortId)) return Promise.resolve([]);
  return db
    .select()
    .from(activations)
    .where(and(live(orgId), eq(activations.cohortId, cohortId)))
    .orderBy(asc(activations.createdAt));
}

/** The live activations writing to a provider, oldest first (a disconnect lists them). */
export function listProviderActivations(
  db: Queryable,
  orgId: string,
  provider: ActivationProvider,
) {
  return db
    .select()
    .from(activations)
    .where(and(live(orgId), eq(activations.provider, provider)))
    .orderBy(asc(activations.createdAt));
}

/** The live activations of an organization, oldest first (what a score's delete checks). */
export function listLiveActivations(db: Queryable, orgId: string) {
  return db.select().from(activations).where(live(orgId)).orderBy(asc(activations.createdAt));
}

/** The organization's daily API budgets, per provider. */
export function listBudgets(db: Queryable, orgId: string) {
  return db.select().from(activationBudgets).where(eq(activationBudgets.orgId, orgId));
}

/** Sets (a number) or removes (null) each provider's budget named; others stay as they are. */
export async function saveBudgets(
  db: Database,
  orgId: string,
  budgets: Partial<Record<ActivationProvider, number | null>>,
) {
  const entries = Object.entries(budgets) as [ActivationProvider, number | null][];
  const removed = entries.filter(([, calls]) => calls === null).map(([provider]) => provider);
  const set = entries.flatMap(([provider, calls]) =>
    calls === null ? [] : [{ orgId, provider, callsPerDay: calls }],
  );
  await db.transaction(async (tx) => {
    if (removed.length > 0)
      await tx
        .delete(activationBudgets)
        .where(
          and(eq(activationBudgets.orgId, orgId), inArray(activationBudgets.provider, removed)),
        );
    if (set.length > 0)
      await tx
        .insert(activationBudgets)
        .values(set)
        .onConflictDoUpdate({
          target: [activationBudgets.orgId, activationBudgets.provider],
          set: { callsPerDay: sql`excluded.calls_per_day` },
        });
  });
}
