import { SCORES_API, recordScoresSchema, type BaseTable } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { scoresKeys } from './scores-keys';

/** `GET {liveOps}/scores/records/{table}/{id}`: each score of the table for one record. */
export const useRecordScores = (table: BaseTable, recordId: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: SCORES_API.record(table, recordId),
      schema: recordScoresSchema,
      queryKey: scoresKeys.record(table, recordId),
      meta: { hideErrorToast: true },
    }),
  );
