import { z } from 'zod';

/** The one error body every service answers with (docs/architecture.md §7). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorEnvelopeSchema = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Texts quoted by the specification (docs/product.md §8); tests select by them, so keep them exact. */
export const ERROR_TEXTS = {
  toastTitle: 'Failed to complete the operation',
  tryLater: 'Please try after some time or contact the administrator if the problem persists.',
  preparing: 'Still preparing everything for you. Please come back later.',
  localStorageUnavailable: "Local Storage not available, Can't save user settings locally",
  invalidState: 'Invalid state',
  loginFailed: 'Login failed',
  getAccessTokenFailed: 'Get access token failed',
} as const;

/** Error codes of the envelope's `error` field, one per HTTP status family we answer with. */
export const ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'service_unavailable',
} as const;
