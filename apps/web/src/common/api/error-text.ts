import type { FieldError } from '@revlane/contracts';
import { isRecord } from '@/common/lib/is-record';

// Our services answer `{ error: '<code>', message: '<human text>', errors: [...] }`
// (docs/architecture.md §7): `error` is a machine code like `wrong_password`, not something to show a user.
const MACHINE_CODE = /^[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)*$/;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readEntryText(entry: unknown): string | undefined {
  if (isRecord(entry)) return nonEmptyString(entry.message);
  return nonEmptyString(entry);
}

/**
 * The text to show for a failed response, in the order of docs/product.md §8: first `error`, then
 * `message`, then the first entry of `errors`. An `error` that is only a machine code is
 * skipped, because our servers put the human text in `message`; third-party bodies whose
 * `error` is a sentence still get it shown first, as docs/product.md §8 asks.
 */
export function getErrorText(body: unknown): string | undefined {
  if (!isRecord(body)) return nonEmptyString(body);
  const error = nonEmptyString(body.error);
  if (error && !MACHINE_CODE.test(error)) return error;
  const message = nonEmptyString(body.message);
  if (message) return message;
  if (Array.isArray(body.errors)) return readEntryText(body.errors[0]);
  return undefined;
}

/** Per-field problems of a 400 body (`errors: [{ path, message }]`), ignoring odd entries. */
export function getFieldErrors(body: unknown): FieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const path = nonEmptyString(entry.path);
    const message = nonEmptyString(entry.message);
    return path && message ? [{ path, message }] : [];
  });
}
