import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import type { AppEvents } from '../../../platform/events/app-events.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { TurnLock } from '../../../platform/locks/index.js';
import type { Warehouse } from '../../../warehouse/index.js';

/** What the snapshot handlers use; built once by the plugin, so they share one lock. */
export interface SnapshotDeps {
  db: Database;
  warehouse: Warehouse;
  jobs: JobQueue;
  /** Where each snapshot is announced (`cohortSnapshotTaken`). */
  events: EventBus<AppEvents>;
  log: FastifyBaseLogger;
  /**
   * Serialises an organization's snapshot runs across processes (`app.locks`): a "now"
   * snapshot committed in the middle of a back-fill would make the back-fill's older days look
   * already done.
   */
  orgLock: TurnLock;
  /** The warehouse's per-organization turn for table rebuilds (the daily metric refresh). */
  rebuilds: TurnLock;
}
