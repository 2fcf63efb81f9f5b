import { SOURCES_API, testResultSchema, type TestResult } from '@revlane/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError } from '@/common/api';

/**
 * `POST {composer}/sources/{id}/test`: the saved config, secrets included (the client never
 * has them to send) → `{ ok, message }` saying what to fix.
 */
export async function testSource(client: ApiClient, sourceId: string): Promise<TestResult> {
  return testResultSchema.parse(await client.post<unknown>(SOURCES_API.sourceTest(sourceId)));
}

export function useTestSource(sourceId: string) {
  const client = useApiClient('composer');
  return useMutation<TestResult, ApiError, void>({
    mutationFn: () => testSource(client, sourceId),
    // The dialog shows a refused test beside its button.
    meta: { hideErrorToast: true },
  });
}
