import type { FieldError } from '@revlane/contracts';
import { isAxiosError } from 'axios';
import { isRecord } from '@/common/lib/is-record';
import { getErrorText, getFieldErrors } from './error-text';

interface ApiErrorInit {
  message: string;
  status?: number;
  code?: string;
  fieldErrors?: FieldError[];
  body?: unknown;
  cause?: unknown;
}

/**
 * The product's error object for every failed call (docs/product.md §8). `message` is the text to show:
 * the body's text when the server sent one, otherwise the transport's own message
 * ('Request failed with status code 404', 'Network Error', 'timeout of 0ms exceeded', …).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined when no response arrived (network, abort, no token). */
  readonly status: number | undefined;
  /** The body's machine code (`not_found`, …) or the transport's code (`ERR_NETWORK`, …). */
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.body = init.body;
  }
}

function fromResponse(status: number, body: unknown, fallback: string, cause?: unknown) {
  return new ApiError({
    message: getErrorText(body) ?? fallback,
    status,
    code: isRecord(body) && typeof body.error === 'string' ? body.error : undefined,
    fieldErrors: getFieldErrors(body),
    body,
    cause,
  });
}

/**
 * Builds the error of a completed exchange whose status is outside 200–299, for callers that
 * use `fetch` directly; the fallback wording is axios's, so both paths read the same.
 */
export function createResponseError(status: number, body: unknown): ApiError {
  return fromResponse(status, body, `Request failed with status code ${status}`);
}

export const UNEXPECTED_RESPONSE_CODE = 'unexpected_response';
const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an answer this page cannot read.';

/** Maps whatever a request threw (axios error, token error, anything) to an `ApiError`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (error.response) {
      const body: unknown = error.response.data;
      return fromResponse(error.response.status, body, error.message, error);
    }
    return new ApiError({ message: error.message, code: error.code, cause: error });
  }
  // A body that does not match the contract (schema parse failure): a server fault to the user.
  if (error instanceof Error && error.name === 'ZodError') {
    return new ApiError({
      message: UNEXPECTED_RESPONSE_MESSAGE,
      code: UNEXPECTED_RESPONSE_CODE,
      cause: error,
    });
  }
  if (error instanceof Error) {
    // Identity SDK errors carry their OAuth code in `error` (login_required, …).
    const code = (error as { error?: unknown }).error;
    return new ApiError({
      message: error.message,
      code: typeof code === 'string' ? code : undefined,
      cause: error,
    });
  }
  return new ApiError({ message: String(error), cause: error });
}
