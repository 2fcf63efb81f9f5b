import type { FieldError } from '@revlane/contracts';

/**
 * The message of the first 400 entry whose path (`body.fields.0.field`, docs/architecture.md
 * §7) is `field` or, unless `exact`, lies below it: each message shows under the input it names.
 */
export function fieldErrorOf(
  errors: FieldError[] | undefined,
  field: string,
  { exact = false } = {},
): string | undefined {
  return errors?.find((error) => {
    const path = error.path.replace(/^body\./, '');
    return path === field || (!exact && path.startsWith(`${field}.`));
  })?.message;
}
