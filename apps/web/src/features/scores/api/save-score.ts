import {
  SCORES_API,
  scoreSchema,
  type CreateScoreBody,
  type Score,
  type UpdateScoreBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sharedKeys } from '@/common/queries';
import { scoresKeys } from './scores-keys';

/**
 * After a change the answer is the score; the list and the record pages are read again,
 * and so is the base table's catalogue, whose `score_`, `grade_` and `reasons_` columns change.
 */
function useRefreshScores() {
  const queryClient = useQueryClient();
  return async (score: Score) => {
    queryClient.setQueryData(scoresKeys.detail(score.id), score);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: scoresKeys.list() }),
      queryClient.invalidateQueries({ queryKey: scoresKeys.records() }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.columns(score.baseTable) }),
    ]);
  };
}

/** `POST {liveOps}/scores`; the form shows what was refused, field by field. */
export function useCreateScore() {
  const client = useApiClient('liveOps');
  const refresh = useRefreshScores();
  return useSingleFlightMutation<Score, ApiError, CreateScoreBody>({
    mutationFn: async (body) =>
      scoreSchema.parse(await client.post<unknown>(SCORES_API.list, body)),
    meta: { hideErrorToast: true },
    onSuccess: (score) => refresh(score),
  });
}

/** `PATCH {liveOps}/scores/{id}`: a new version of the whole definition. */
export function useUpdateScore(id: string) {
  const client = useApiClient('liveOps');
  const refresh = useRefreshScores();
  return useSingleFlightMutation<Score, ApiError, UpdateScoreBody>({
    mutationFn: async (body) =>
      scoreSchema.parse(await client.patch<unknown>(SCORES_API.score(id), body)),
    meta: { hideErrorToast: true },
    onSuccess: (score) => refresh(score),
  });
}

/** `DELETE {liveOps}/scores/{id}`: a 409 names the cohorts, alerts or activations using it. */
export function useDeleteScore() {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, Score>({
    mutationFn: async (score) => {
      await client.delete<unknown>(SCORES_API.score(score.id));
    },
    // The confirm dialog explains a refusal (and lists the dependents) itself.
    meta: { hideErrorToast: true },
    onSuccess: async (_nothing, score) => {
      queryClient.removeQueries({ queryKey: scoresKeys.detail(score.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scoresKeys.list() }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.columns(score.baseTable) }),
      ]);
    },
  });
}
