import { columnListSchema, LIVE_OPS_API } from '@revlane/contracts';
import { defineGetQuery } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {liveOps}/segments/tables/{table}/columns`: the columns a segment can show and filter.
 * Owned by the segments feature; the play editor offers them to its templates.
 */
export const columnCatalogueQuery = (table: string) =>
  defineGetQuery({
    service: 'liveOps',
    path: LIVE_OPS_API.columns(table),
    schema: columnListSchema,
    queryKey: sharedKeys.columns(table),
    // A catalogue changes with a data load only; a page visit does not need it fresher.
    staleTime: 5 * 60_000,
  });
