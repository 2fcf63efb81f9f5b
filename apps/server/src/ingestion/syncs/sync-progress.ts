import type { SyncTableReport } from '@revlane/contracts';
import type { Database } from '../../platform/database/database.js';
import { HEARTBEAT_MS } from './sync-jobs.js';
import { reportProgress } from './syncs.repository.js';

/**
 * A running run's counters, written with the heartbeat every few seconds (not per batch),
 * and the way a cancel reaches it: the flag read back with each write, or `abort()` from a
 * cancel request in this process.
 */
export class SyncProgress {
  rowsRead = 0;
  rowsWritten = 0;
  readonly tables: SyncTableReport[] = [];
  /** Rows of the table being read now, not yet in `rowsRead`. */
  current = 0;
  readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly syncId: string,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), HEARTBEAT_MS);
  }

  /** Writes the counters now; a cancel asked for meanwhile aborts the run. */
  flush(): Promise<void> {
    this.writing = this.writing
      .then(async () => {
        const { cancelRequested } = await reportProgress(this.db, this.syncId, {
          rowsRead: this.rowsRead + this.current,
          rowsWritten: this.rowsWritten,
          tables: this.tables,
        });
        if (cancelRequested) this.controller.abort();
      })
      .catch(() => undefined);
    return this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
  }
}
