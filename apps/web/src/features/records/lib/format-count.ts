const countFormat = new Intl.NumberFormat('en-US');

/** Counts with thousands separators, the same in every locale the tests run in. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
