import { RECORDS_API, recordDetailSchema, type RecordKind } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { recordsKeys } from './records-keys';

/**
 * `GET {liveOps}/accounts/{id}` or `users/{id}`: the record's row and columns, its users or
 * account, cohorts, alert firings and play actions. The page shows not-found and failures itself.
 */
export const useRecord = (kind: RecordKind, id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: RECORDS_API.detail(kind, id),
      schema: recordDetailSchema,
      queryKey: recordsKeys.detail(kind, id),
      meta: { hideErrorToast: true },
    }),
  );
