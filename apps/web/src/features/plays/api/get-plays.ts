import { MAX_PER_PAGE, playPageSchema, PLAYS_API, serializeListParams } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { playsKeys } from './plays-keys';

// One page holds every play an organization keeps; newest first.
const query = new URLSearchParams(
  serializeListParams({
    page: 1,
    perPage: MAX_PER_PAGE,
    sortBy: [{ field: 'createdAt', isDescending: true }],
  }),
).toString();

/** `GET {main}/plays`: the organization's plays, each with its last run. */
export const playsQuery = defineGetQuery({
  service: 'main',
  path: `${PLAYS_API.list}?${query}`,
  schema: playPageSchema,
  queryKey: playsKeys.list(),
  meta: { hideErrorToast: true },
});

export const usePlays = () => useGetQuery(playsQuery);
