import { SCORES_API, scoreListSchema } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { scoresKeys } from './scores-keys';

/** `GET {liveOps}/scores`: the organization's scores, by name. */
export const scoresQuery = defineGetQuery({
  service: 'liveOps',
  path: SCORES_API.list,
  schema: scoreListSchema,
  queryKey: scoresKeys.list(),
  meta: { hideErrorToast: true },
});

export const useScores = () => useGetQuery(scoresQuery);
