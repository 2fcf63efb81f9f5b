import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { CohortSnapshotTaken } from '../../../../platform/events/app-events.js';
import { activations } from '../../../../platform/database/schema/index.js';
import { nextActivationRunAt } from '../activation-schedule.js';
import { startRun, type StartRunDeps } from './start-run.js';

/**
 * Hourly and daily activations whose time has come get a run, and their next time moves on
 * (compare-and-set on `next_run_at`, so two ticks cannot both start one). A run still going
 * makes the schedule skip this turn.
 */
export async function startDueRuns(deps: StartRunDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(activations)
    .where(
      and(
        isNull(activations.deletedAt),
        isNotNull(activations.cohortId),
        inArray(activations.schedule, ['hourly', 'daily']),
        lte(activations.nextRunAt, now),
      ),
    );
  let started = 0;
  for (const activation of due) {
    const moved = await deps.db
      .update(activations)
      .set({ nextRunAt: nextActivationRunAt(activation.schedule, now) })
      .where(
        and(eq(activations.id, activation.id), eq(activations.nextRunAt, activation.nextRunAt!)),
      )
      .returning({ id: activations.id });
    if (moved.length === 0) continue;
    const trigger = activation.schedule === 'hourly' ? 'hourly' : 'daily';
    if (await startRun(deps, { orgId: activation.orgId, activationId: activation.id, trigger }))
      started += 1;
  }
  return started;
}

/**
 * After a cohort's snapshot (which follows each load), its `after_load` activations run: the
 * cohort's new members are known then.
 */
export async function startAfterLoadRuns(deps: StartRunDeps, event: CohortSnapshotTaken) {
  const found = await deps.db
    .select({ id: activations.id })
    .from(activations)
    .where(
      and(
        eq(activations.orgId, event.orgId),
        eq(activations.cohortId, event.cohortId),
        eq(activations.schedule, 'after_load'),
        isNull(activations.deletedAt),
      ),
    );
  for (const { id } of found)
    await startRun(deps, { orgId: event.orgId, activationId: id, trigger: 'after_load' });
}
