/**
 * Background jobs (docs/architecture.md §3.2): pg-boss on the metadata database (PGlite or PostgreSQL).
 * Services register handlers at start-up and send jobs; the queue retries failed jobs and
 * runs schedules. This is the whole surface services use, so the backend can change.
 */
export interface JobOptions {
  /** At most one queued job per key (e.g. one pending snapshot run per organization). */
  singletonKey?: string;
  /** Retries after the first attempt; default 3, with exponential backoff. */
  retryLimit?: number;
  /** Seconds before the first retry; default 5. */
  retryDelaySeconds?: number;
}

export type JobHandler<Data> = (data: Data, job: { id: string; attempt: number }) => Promise<void>;

export interface JobQueue {
  /** Registers the handler of a queue (creating the queue); call before `start()` returns. */
  work<Data extends object>(name: string, handler: JobHandler<Data>): Promise<void>;
  /** Queues a job; resolves to its id, or null when a singleton job is already queued. */
  send<Data extends object>(name: string, data: Data, options?: JobOptions): Promise<string | null>;
  /** Sends a job to `name` on a cron schedule (UTC), e.g. '15 3 * * *' daily. */
  schedule<Data extends object>(name: string, cron: string, data: Data): Promise<void>;
  /**
   * Sends `data` to every queue subscribed to `event`, one job each (an event many modules
   * follow, e.g. "an organization's warehouse was loaded"). Options apply to each job.
   */
  publish<Data extends object>(event: string, data: Data, options?: JobOptions): Promise<void>;
  /** Makes queue `name` (created if needed) receive a job for every publish of `event`. */
  subscribe(event: string, name: string): Promise<void>;
  /** Resolves once every job queued so far has finished (tests and graceful shutdown). */
  drain(name: string): Promise<void>;
}
