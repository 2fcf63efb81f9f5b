import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../database/database.js';
import { runningAtStartIsDead } from '../database/dead-process-rule.js';
import type { JobQueue } from './job-queue.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

interface JobsPluginOptions {
  /** The metadata database; pg-boss keeps its tables there (schema `pgboss`). */
  database: DatabaseHandle;
}

/**
 * Starts the queue while the app registers, so services can `work`/`send`/`schedule` from
 * their own registration. Registered after the database and warehouse plugins: Fastify runs
 * onClose hooks newest first, so running jobs finish before either of them closes.
 */
const registerJobs: FastifyPluginAsync<JobsPluginOptions> = async (app, { database }) => {
  const log = app.log.child({ component: 'jobs' });
  const queue = new PgBossJobQueue({
    database,
    isWorking: app.config.jobs.isWorking,
    pollingIntervalSeconds: app.config.jobs.pollingIntervalSeconds,
    // PGlite is one process's: what it finds running at start, a killed process left behind.
    failActiveJobsAtStart: runningAtStartIsDead(database.kind) && app.config.jobs.isWorking,
    // Half the shutdown budget for running jobs; the rest of the close needs time too.
    stopTimeoutMs: app.config.shutdownTimeoutMs / 2,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  await queue.start();
  app.decorate<JobQueue>('jobs', queue);
  app.addHook('onClose', () => queue.stop());
};

export const jobsPlugin = fp(registerJobs, {
  name: 'revlane-jobs',
  dependencies: ['revlane-config', 'revlane-database'],
});
