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
