const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Counts with thousands separators, the same in every locale the tests run in. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "1 member" / "1,204 members". */
export function formatMembers(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}
