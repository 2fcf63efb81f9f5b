import { profileSchema, USER_API, type Profile } from '@revlane/contracts';
import type { ApiClient } from '@/common/api';

/** `POST users/me/accept-terms` with no body (docs/product.md §7). Callers must not retry it. */
export async function acceptTerms(client: ApiClient): Promise<Profile> {
  const data = await client.post<unknown>(USER_API.acceptTerms);
  return profileSchema.parse(data);
}
