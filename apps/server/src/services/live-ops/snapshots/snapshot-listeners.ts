/**
 * What ran: one cohort's snapshot at `snapshotAt` (also a retry whose snapshot was already
 * written, so a listener that failed before gets its turn again).
 */
export interface CohortSnapshotTaken {
  orgId: string;
  cohortId: string;
  snapshotAt: number;
  members: number;
}

export type CohortSnapshotListener = (event: CohortSnapshotTaken) => Promise<void>;

const listeners = new Set<CohortSnapshotListener>();

/**
 * Registers a listener run after each cohort snapshot, inside the snapshot job: a failure
 * fails the job, whose retry snapshots nothing twice and calls the listener again (alerts,
 * ADR 0023). Same pattern as cohort-definition-listeners.ts; returns the undo.
 */
export function onCohortSnapshot(listener: CohortSnapshotListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function afterCohortSnapshot(event: CohortSnapshotTaken): Promise<void> {
  for (const listener of listeners) await listener(event);
}
