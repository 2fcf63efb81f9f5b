import {
  ACTIVATIONS_API,
  activationPageSchema,
  MAX_PER_PAGE,
  serializeListParams,
} from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { activationsKeys } from './activations-keys';

// One page holds every activation an organization keeps.
const query = new URLSearchParams(
  serializeListParams({ page: 1, perPage: MAX_PER_PAGE }),
).toString();

/** `GET {main}/activations`: the organization's activations, each with its last run. */
export const activationsQuery = defineGetQuery({
  service: 'main',
  path: `${ACTIVATIONS_API.list}?${query}`,
  schema: activationPageSchema,
  queryKey: activationsKeys.list(),
  meta: { hideErrorToast: true },
});

export const useActivations = () => useGetQuery(activationsQuery);
