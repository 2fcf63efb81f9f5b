import type { FieldError } from '@revlane/contracts';

/**
 * The message of the first 400 error whose path (`body.actions.0.text`, docs/architecture.md
 * §7) is `field` or lies below it, so each message shows next to the input it names.
 */
export function fieldErrorOf(errors: FieldError[] | undefined, field: string): string | undefined {
  return errors?.find((error) => {
    const path = error.path.replace(/^body\./, '');
    return path === field || path.startsWith(`${field}.`);
  })?.message;
}
