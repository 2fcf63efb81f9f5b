import { and, eq, isNull, lte } from 'drizzle-orm';
import { cohorts, plays } from '../../../../platform/database/schema/index.js';
import { findCohortTable } from '../../../live-ops/index.js';
import { nextScheduledRun } from '../play-schedule.js';
import { evaluatePlay, type EvaluationDeps } from './play-evaluation.js';

/**
 * Schedule plays whose time has come (ADR 0024): each acts on the records that entered its
 * cohort between its last run and the cohort's latest snapshot, then waits for its next time.
 * Without a newer snapshot only the next time moves.
 */
export async function runDueSchedules(deps: EvaluationDeps, now: Date) {
  const due = await deps.db
    .select({ play: plays, latestSnapshotAt: cohorts.latestSnapshotAt })
    .from(plays)
    .innerJoin(cohorts, eq(cohorts.id, plays.cohortId))
    .where(
      and(eq(plays.triggerType, 'schedule'), isNull(plays.deletedAt), lte(plays.nextRunAt, now)),
    )
    .limit(100);
  for (const { play, latestSnapshotAt } of due) {
    const nextRunAt = nextScheduledRun(play.cron!, play.timezone!, now);
    const table = await findCohortTable(deps.db, play.orgId, play.cohortId!);
    const isNewer = latestSnapshotAt && (!play.evaluatedAt || latestSnapshotAt > play.evaluatedAt);
    if (!table || !latestSnapshotAt || !isNewer) {
      await deps.db.update(plays).set({ nextRunAt }).where(eq(plays.id, play.id));
      continue;
    }
    const runId = await evaluatePlay(deps, play, table, {
      orgId: play.orgId,
      playId: play.id,
      from: play.evaluatedAt,
      to: latestSnapshotAt,
      trigger: 'schedule',
      nextRunAt,
    });
    if (runId) await deps.enqueue(runId);
  }
}
