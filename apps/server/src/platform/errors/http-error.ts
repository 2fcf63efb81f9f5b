import { ERROR_CODES, type FieldError } from '@revlane/contracts';

export type ErrorStatus = keyof typeof ERROR_CODES;

/**
 * An error meant for the client: its status, code and message go into the envelope as they
 * are. Anything else thrown becomes a 500 whose details stay in the server log.
 */
export class HttpError extends Error {
  readonly statusCode: ErrorStatus;
  readonly code: string;
  readonly errors: FieldError[] | undefined;

  constructor(statusCode: ErrorStatus, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = ERROR_CODES[statusCode];
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
/** Also the answer for records of another organization, so their existence does not leak. */
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
