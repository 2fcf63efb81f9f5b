import { RECORDS_API, recordActivitySchema, type RecordKind } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { recordsKeys } from './records-keys';

/** `GET {liveOps}/{kind}/{id}/activity?days=`: events per UTC day, oldest first, zeros kept. */
export function useRecordActivity(kind: RecordKind, id: string, days: number) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: recordsKeys.activity(kind, id, days),
    queryFn: async ({ signal }) =>
      recordActivitySchema.parse(
        await client.get<unknown>(RECORDS_API.activity(kind, id), { params: { days }, signal }),
      ),
    meta: { hideErrorToast: true },
  });
}
