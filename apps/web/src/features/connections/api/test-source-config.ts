import {
  SOURCES_API,
  testResultSchema,
  type TestResult,
  type TestSourceBody,
} from '@revlane/contracts';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';

/** `POST {composer}/sources/test`: an unsaved config → `{ ok, message }` saying what to fix. */
export async function testSourceConfig(
  client: ApiClient,
  body: TestSourceBody,
): Promise<TestResult> {
  return testResultSchema.parse(await client.post<unknown>(SOURCES_API.test, body));
}

export function useTestSourceConfig() {
  const client = useApiClient('composer');
  return useSingleFlightMutation<TestResult, ApiError, TestSourceBody>({
    mutationFn: (body) => testSourceConfig(client, body),
    // A 400 names fields; the form puts each message beside its field.
    meta: { hideErrorToast: true },
  });
}
