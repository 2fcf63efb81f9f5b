/**
 * "1 mapping, 2 cohorts and 1 alert": how many dependents of each kind, in the order found;
 * the message of a delete refused because of them (ADR 0006).
 */
export function countedKinds(dependents: readonly { kind: string }[]): string {
  const counts = new Map<string, number>();
  for (const { kind } of dependents) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}
