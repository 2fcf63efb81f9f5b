import { MAPPING_API, mappingSchema } from '@revlane/contracts';
import { defineGetQuery } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {composer}/mapping`: the draft, the published version and the latest publish run (ADR
 * 0019). Owned by the connections feature; segment pages watch its latest run.
 */
export const mappingQuery = defineGetQuery({
  service: 'composer',
  path: MAPPING_API.mapping,
  schema: mappingSchema,
  queryKey: sharedKeys.mapping(),
  // Read afresh by each reader; the editor shows a failed read in place, the banner not at all.
  staleTime: 0,
  meta: { hideErrorToast: true },
});
