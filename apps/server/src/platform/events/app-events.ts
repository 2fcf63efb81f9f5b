/**
 * Every in-process event of the app and what it carries (docs/architecture.md §3.5). The
 * "warehouse loaded" event is different: it crosses processes as a job (jobs/warehouse-loaded.ts).
 */
export interface AppEvents {
  /**
   * A cohort's membership snapshot was written at `snapshotAt` (also by a retry whose
   * snapshot was already written, so a listener that failed before gets its turn again).
   * Emitted inside the snapshot job: a listener's failure fails the job (alerts ADR 0023,
   * plays ADR 0024).
   */
  cohortSnapshotTaken: CohortSnapshotTaken;
  /**
   * A cohort was created or its filters changed, and the change is committed. Listeners run
   * best effort (a failure is logged, the daily refresh catches up). `createdCohortId`: the
   * change is that cohort's creation, which is counted before the create is answered.
   */
  cohortDefinitionChanged: { orgId: string; createdCohortId?: string };
  /**
   * Deliveries of a play run or an alert failed for good (their retry schedule spent, or a
   * permanent answer). The organization's admins are told (notices, docs/product.md §7);
   * listeners run best effort.
   */
  deliveriesFailed: DeliveriesFailed;
}

export interface DeliveriesFailed {
  orgId: string;
  what: 'play' | 'alert';
  /** The play's or alert's name. */
  name: string;
  failed: number;
  firstError: string;
  /** The app path where they can be seen and resent (`/app/plays/…/runs/…`). */
  link: string;
  /** One notice per key and admin: a repeated event tells nobody twice. */
  key: string;
}

export interface CohortSnapshotTaken {
  orgId: string;
  cohortId: string;
  snapshotAt: number;
  members: number;
}
