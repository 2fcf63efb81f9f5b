import type { RecordMembership } from '@revlane/contracts';
import type { CohortOfTable, RecordChange, RecordSnapshots } from './record-cohorts.repository.js';

/** How far back a cohort the record left is still listed (docs/product.md §2, record pages). */
export const LEFT_COHORTS_DAYS = 90;
const DAY_MS = 86_400_000;

const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());

/** The latest change of a kind, at or before `until`. */
function latest(changes: RecordChange[], kind: RecordChange['change'], until = Infinity) {
  let found: number | undefined;
  for (const change of changes)
    if (change.change === kind && change.at <= until && (found === undefined || change.at > found))
      found = change.at;
  return found;
}

/**
 * The record's cohorts from its snapshots: those it is in now, with the snapshot that
 * counted it in for its current stay (its last entry, or the cohort's first snapshot when it
 * was in from the start: a baseline records no entries, ADR 0007), newest entry first; then
 * those it left in the last 90 days, with when it left, newest first.
 */
export function toMemberships(
  cohorts: readonly CohortOfTable[],
  snapshots: RecordSnapshots,
  now: number,
): RecordMembership[] {
  const since = now - LEFT_COHORTS_DAYS * DAY_MS;
  const current: RecordMembership[] = [];
  const left: RecordMembership[] = [];
  for (const cohort of cohorts) {
    const changes = snapshots.changes.filter((change) => change.cohortId === cohort.id);
    const first = snapshots.firstSnapshotAt.get(cohort.id);
    const base = { cohortId: cohort.id, cohortName: cohort.name, segmentId: cohort.segmentId };
    if (snapshots.memberOf.has(cohort.id)) {
      current.push({ ...base, enteredAt: iso(latest(changes, 'entered') ?? first), leftAt: null });
      continue;
    }
    const leftAt = latest(changes, 'left');
    if (leftAt === undefined || leftAt < since) continue;
    const enteredAt =
      latest(changes, 'entered', leftAt) ??
      (first !== undefined && first <= leftAt ? first : undefined);
    left.push({ ...base, enteredAt: iso(enteredAt), leftAt: iso(leftAt) });
  }
  const newestFirst = (key: 'enteredAt' | 'leftAt') => (a: RecordMembership, b: RecordMembership) =>
    (b[key] ?? '').localeCompare(a[key] ?? '') || a.cohortName.localeCompare(b.cohortName);
  return [...current.sort(newestFirst('enteredAt')), ...left.sort(newestFirst('leftAt'))];
}
