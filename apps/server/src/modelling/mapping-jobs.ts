import { z } from 'zod';

/** One mapping run (`mapping_runs` row) as a pg-boss job: build the canonical tables. */
export const MAPPING_PUBLISH_JOB = 'mapping-publish';
/** Follows 'warehouse loaded': a sync of a mapped source re-applies the mapping. */
export const MAPPING_AFTER_SYNC_QUEUE = 'mapping-after-sync';

export const mappingPublishJobSchema = z.object({
  orgId: z.string().min(1),
  runId: z.string().min(1),
});
export type MappingPublishJob = z.infer<typeof mappingPublishJobSchema>;

/** Every minute: fail the runs of a process that died and publish their version again. */
export const MAPPING_RUNS_SWEEP_JOB = 'mapping-runs-sweep';
export const MAPPING_RUNS_SWEEP_CRON = '* * * * *';
/** A running run writes its heartbeat this often… */
export const MAPPING_HEARTBEAT_MS = 5_000;
/** …and one silent for this long belongs to a process that died. */
export const MAPPING_STALE_AFTER_SECONDS = 60;
export const MAPPING_INTERRUPTED_MESSAGE =
  'Interrupted: the server stopped during the publish. The previous data is unchanged; it is published again.';
