import {
  ACTIVATION_PROVIDER_LABELS,
  type Activation,
  type ActivationDestination,
  type ActivationMode,
  type ActivationOnLeave,
  type ActivationRecordStatus,
  type ActivationRun,
  type ActivationRunCounts,
  type ActivationRunStatus,
  type ActivationSchedule,
} from '@revlane/contracts';
import { formatTimestamp } from '@/common/lib/format-timestamp';

export const MODE_LABELS: Record<ActivationMode, string> = {
  update: 'Update',
  upsert: 'Upsert',
  mirror: 'Mirror',
};

/** One line each, next to the mode's radio (ADR 0033). */
export const MODE_HELP: Record<ActivationMode, string> = {
  update: 'Changes the records the destination already has; never creates one.',
  upsert: 'Creates the records the destination lacks and updates the others.',
  mirror: 'Like Upsert, and also acts on records that leave the cohort.',
};

export const SCHEDULE_LABELS: Record<ActivationSchedule, string> = {
  after_load: 'After each load',
  hourly: 'Hourly',
  daily: 'Daily',
  manual: 'Manual',
};

export const ON_LEAVE_LABELS: Record<ActivationOnLeave, string> = {
  nothing: 'Do nothing',
  clear: 'Clear the fields',
  delete: 'Delete the record',
};

export const TRIGGER_LABELS: Record<ActivationRun['trigger'], string> = {
  manual: 'Manual',
  after_load: 'After a load',
  hourly: 'Hourly',
  daily: 'Daily',
};

export const RUN_STATUS_COLORS: Record<ActivationRunStatus, string> = {
  queued: 'default',
  running: 'blue',
  succeeded: 'green',
  partial: 'gold',
  failed: 'red',
};

export const RECORD_STATUS_LABELS: Record<ActivationRecordStatus, string> = {
  added: 'Added',
  changed: 'Changed',
  removed: 'Removed',
  failed: 'Failed',
};

export const RECORD_STATUS_COLORS: Record<ActivationRecordStatus, string> = {
  added: 'green',
  changed: 'blue',
  removed: 'orange',
  failed: 'red',
};

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (count: number) => countFormat.format(count);

/** "Salesforce · Account". */
export const describeDestination = ({ provider, object }: ActivationDestination) =>
  `${ACTIVATION_PROVIDER_LABELS[provider]} · ${object}`;

/** "12 added · 3 changed · 0 removed · 1 failed". */
export const describeCounts = (counts: ActivationRunCounts) =>
  (['added', 'changed', 'removed', 'failed'] as const)
    .map((outcome) => `${formatCount(counts[outcome])} ${outcome}`)
    .join(' · ');

/** When it runs next: a date for hourly and daily schedules, else how it is started. */
export function describeNextRun(activation: Pick<Activation, 'schedule' | 'nextRunAt'>): string {
  if (activation.nextRunAt) return formatTimestamp(activation.nextRunAt);
  return SCHEDULE_LABELS[activation.schedule];
}

/** A run still to end: its page reads it again until it does. */
export const isRunActive = (run: Pick<ActivationRun, 'status'> | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** "Sending 1,200 of 10,000" while a run runs; a dry run sends nothing, it compares. */
export function describeProgress(run: ActivationRun): string {
  if (run.status === 'queued') return 'Waiting to start';
  if (run.planned === 0) return 'Working out the changes';
  const verb = run.dryRun ? 'Comparing' : 'Sending';
  return `${verb} ${formatCount(run.done)} of ${formatCount(run.planned)}`;
}

/** "1 min 5 s" from start to end; empty while it runs. */
export function describeDuration(run: Pick<ActivationRun, 'startedAt' | 'finishedAt'>): string {
  if (!run.startedAt || !run.finishedAt) return '—';
  const seconds = Math.max(
    0,
    Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000),
  );
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
