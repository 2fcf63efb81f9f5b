import { profileSchema, USER_API } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET {services.user}/users/me` (docs/product.md §7), checked against the shared profile schema. */
export const profileQuery = defineGetQuery({
  service: 'user',
  path: USER_API.me,
  schema: profileSchema,
  queryKey: profileKeys.me(),
  // docs/product.md §4: the profile never goes stale; edits refetch it explicitly.
  staleTime: Infinity,
});

/** The signed-in (or impersonated) user's profile. */
export const useProfile = () => useGetQuery(profileQuery);
