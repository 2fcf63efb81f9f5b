export { createApiClient, type ApiAuth, type ApiClient } from './api-client';
export {
  ApiClientsProvider,
  createApiClients,
  useApiClient,
  type ApiClients,
  type ServiceName,
} from './api-clients-context';
export { ApiError, createResponseError, toApiError } from './api-error';
export { defineGetQuery, useGetQuery, type GetQuery, type GetQueryDefinition } from './get-query';
export { isSessionEndedError, isTryLaterError } from './error-class';
export { getErrorText, getFieldErrors } from './error-text';
export { createQueryClient, type AppQueryMeta } from './query-client';
export { useSingleFlightMutation, type SingleFlightMutation } from './use-single-flight-mutation';
