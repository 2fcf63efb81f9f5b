import type { FieldError } from '@revlane/contracts';

// `body.fit[0].filters[1].field` and `body.fit.0.filters.1.field` name the same input.
const normalize = (path: string) =>
  path
    .replace(/^body\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');

/**
 * The message of the first 400 entry whose path (docs/architecture.md §7) is `field` or, unless
 * `exact`, lies below it: each message shows next to the input it names. `field` is written
 * either way (`fit[0].points` or `fit.0.points`).
 */
export function fieldErrorOf(
  errors: FieldError[] | undefined,
  field: string,
  { exact = false } = {},
): string | undefined {
  const wanted = normalize(field);
  return errors?.find((error) => {
    const path = normalize(error.path);
    return path === wanted || (!exact && path.startsWith(`${wanted}.`));
  })?.message;
}

/** The entries below `field` (`fit[0].filters`), each with its path after it (`0.field`). */
export function fieldErrorsUnder(errors: FieldError[] | undefined, field: string) {
  const wanted = `${normalize(field)}.`;
  return (errors ?? []).flatMap((error) => {
    const path = normalize(error.path);
    return path.startsWith(wanted)
      ? [{ rest: path.slice(wanted.length), message: error.message }]
      : [];
  });
}
