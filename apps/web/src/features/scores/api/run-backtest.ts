import {
  SCORES_API,
  backtestResultSchema,
  type BacktestBody,
  type BacktestResult,
} from '@revlane/contracts';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';

/**
 * `POST {liveOps}/scores/{id}/backtest`: the saved definition's scores of past days against
 * the outcome within the horizon. Asked by a button (it reads months of history), so a
 * mutation: one run at a time, its answer shown until the next.
 */
export function useRunBacktest(id: string) {
  const client = useApiClient('liveOps');
  return useSingleFlightMutation<BacktestResult, ApiError, BacktestBody>({
    mutationFn: async (body) =>
      backtestResultSchema.parse(await client.post<unknown>(SCORES_API.backtest(id), body)),
    meta: { hideErrorToast: true },
  });
}
