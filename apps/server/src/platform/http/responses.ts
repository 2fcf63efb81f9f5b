import { errorEnvelopeSchema } from '@revlane/contracts';
import type { ErrorStatus } from '../errors/http-error.js';

/**
 * Response schemas for the error statuses a route can answer, so its OpenAPI entry lists
 * them. Every authenticated route can answer 401 and 500; pass the others it may raise.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  const all = [...new Set<ErrorStatus>([401, 500, ...statuses])];
  return Object.fromEntries(all.map((status) => [status, errorEnvelopeSchema])) as Record<
    S | 401 | 500,
    typeof errorEnvelopeSchema
  >;
}
