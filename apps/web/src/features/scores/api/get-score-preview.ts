import { SCORES_API, scorePreviewSchema, type ScorePreviewBody } from '@revlane/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { scoresKeys } from './scores-keys';

/**
 * `POST {liveOps}/scores/preview`: the distribution and ten examples of an unsaved definition
 * at today's data. A read, so a query keyed by the body (the cohorts' trend reads the same
 * way); the last answer stays shown while the next one comes. None asked without a body.
 */
export function useScorePreview(body: ScorePreviewBody | null) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: scoresKeys.preview(body ?? ({} as ScorePreviewBody)),
    queryFn: async ({ signal }) =>
      scorePreviewSchema.parse(await client.post<unknown>(SCORES_API.preview, body, { signal })),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // Today's data changes with a load only.
    staleTime: 60_000,
    meta: { hideErrorToast: true },
  });
}
