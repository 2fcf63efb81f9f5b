import { SCORES_API, scoreSchema } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { scoresKeys } from './scores-keys';

/** `GET {liveOps}/scores/{id}`: the definition in force, its grades and columns. */
export const useScore = (id: string) =>
  useGetQuery(
    defineGetQuery({
      service: 'liveOps',
      path: SCORES_API.score(id),
      schema: scoreSchema,
      queryKey: scoresKeys.detail(id),
      meta: { hideErrorToast: true },
    }),
  );
