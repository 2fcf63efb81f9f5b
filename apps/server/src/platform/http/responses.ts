import { errorEnvelopeSchema } from '@revlane/contracts';
import type { ErrorStatus } from '../errors/http-error.js';

function envelopesFor<S extends ErrorStatus>(statuses: S[]) {
  const entries = [...new Set(statuses)].map((status) => [status, errorEnvelopeSchema]);
  return Object.fromEntries(entries) as Record<S, typeof errorEnvelopeSchema>;
}

/**
 * Response schemas for the error statuses a route can answer, so its OpenAPI entry lists
 * them. Every authenticated route can answer 401 and 500; pass the others it may raise.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return envelopesFor<S | 401 | 500>([401, 500, ...statuses]);
}

/** The same for routes open without a token (`config.public`): they never answer 401. */
export function publicErrorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return envelopesFor<S | 500>([500, ...statuses]);
}
