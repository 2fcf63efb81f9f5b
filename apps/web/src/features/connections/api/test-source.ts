import {
  SOURCES_API,
  testResultSchema,
  type TestResult,
  type TestSavedSourceBody,
} from '@revlane/contracts';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';

/**
 * `POST {composer}/sources/{id}/test`: the saved config, secrets included (the client never
 * has them to send), with the form's `changes` merged over it when given (not saved) →
 * `{ ok, message }` saying what to fix.
 */
export async function testSource(
  client: ApiClient,
  sourceId: string,
  changes: Record<string, unknown> | null,
): Promise<TestResult> {
  const body: TestSavedSourceBody = changes ? { config: changes } : {};
  return testResultSchema.parse(await client.post<unknown>(SOURCES_API.sourceTest(sourceId), body));
}

export function useTestSource(sourceId: string) {
  const client = useApiClient('composer');
  return useSingleFlightMutation<TestResult, ApiError, Record<string, unknown> | null>({
    mutationFn: (changes) => testSource(client, sourceId, changes),
    // The dialog shows a refused test beside its button.
    meta: { hideErrorToast: true },
  });
}
