import type { Play, PlayRun, PlayTrigger } from '@revlane/contracts';
import type { PlayRecord, PlayRow, PlayRunRecord } from './plays.repository.js';

/** The trigger as the API speaks it, from the play's columns. */
export function triggerOf(row: PlayRecord, cohortId: string): PlayTrigger {
  return row.triggerType === 'schedule'
    ? { type: 'schedule', cohortId, cron: row.cron ?? '', timezone: row.timezone ?? 'UTC' }
    : { type: 'cohort_entered', cohortId };
}

export function toPlayRun(run: PlayRunRecord): PlayRun {
  return {
    id: run.id,
    trigger: run.trigger,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    status: run.status,
    counts: run.counts,
  };
}

export function toPlay(
  { row, cohortName, segmentId }: PlayRow,
  lastRun: PlayRunRecord | undefined,
  warnings: string[],
): Play {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    trigger: triggerOf(row, row.cohortId ?? ''),
    cohortName,
    segmentId,
    actions: row.actions,
    includeExisting: row.includeExisting,
    reentry: row.reentry,
    lastRun: lastRun ? toPlayRun(lastRun) : null,
    warnings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
