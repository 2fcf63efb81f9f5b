import {
  ACTIVATIONS_API,
  destinationFieldSchema,
  destinationObjectSchema,
  type ActivationProvider,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient } from '@/common/api';
import { activationsKeys } from './activations-keys';

// A provider's objects and fields change when its admin changes them: rarely.
const DESTINATION_STALE_MS = 5 * 60_000;

/**
 * `GET {main}/activations/destinations/{provider}/objects`: what a connected provider offers.
 * Not asked for Google Sheets, whose object is typed (`<spreadsheetId>/<tab>`). A provider not
 * connected answers a 4xx, which the editor shows with a link to Connections.
 */
export function useDestinationObjects(provider: ActivationProvider | undefined) {
  const query = defineGetQuery({
    service: 'main',
    path: ACTIVATIONS_API.objects(provider ?? ''),
    schema: destinationObjectSchema.array(),
    queryKey: activationsKeys.objects(provider ?? ''),
    staleTime: DESTINATION_STALE_MS,
    meta: { hideErrorToast: true },
  });
  return useQuery({
    ...query.options(useApiClient('main')),
    enabled: provider !== undefined && provider !== 'google_sheets',
  });
}

/** `GET {main}/activations/destinations/{provider}/objects/{object}/fields`. */
export function useDestinationFields(provider: ActivationProvider | undefined, object: string) {
  const query = defineGetQuery({
    service: 'main',
    path: ACTIVATIONS_API.fields(provider ?? '', object),
    schema: destinationFieldSchema.array(),
    queryKey: activationsKeys.fields(provider ?? '', object),
    staleTime: DESTINATION_STALE_MS,
    meta: { hideErrorToast: true },
  });
  return useQuery({
    ...query.options(useApiClient('main')),
    enabled: provider !== undefined && object !== '',
  });
}
