import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, testConfig } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { createLatch, FAST_JOBS_ENV, recordRuns, startTestJobQueue } from '../../../test/jobs.js';
import { createTestKeys } from '../../../test/tokens.js';
import { openDatabase } from '../database/database.js';

describe('jobs plugin (docs/architecture.md §3.2, §9)', () => {
  it('gives the app a queue that runs what it is sent', async () => {
    const t = await createTestApp({ env: FAST_JOBS_ENV });
    try {
      const { runs, handler } = recordRuns();
      await t.app.jobs.work('welcome', handler);
      await t.app.jobs.send('welcome', { userId: 'u-1' });
      await t.app.jobs.drain('welcome');

      expect(runs).toEqual([{ data: { userId: 'u-1' }, attempt: 1 }]);
    } finally {
      await t.close();
    }
  });

  it('with JOBS_WORKERS=false only enqueues: a worker process runs the job', async () => {
    const database = await createTestDatabase();
    const keys = await createTestKeys();
    const config = testConfig({ ...FAST_JOBS_ENV, JOBS_WORKERS: 'false' });
    const app = await buildApp({ config, database, jwks: keys.jwks });
    const { queue: worker } = await startTestJobQueue(database);
    try {
      const inApp = recordRuns();
      const inWorker = recordRuns();
      await app.jobs.work('import', inApp.handler);
      await worker.work('import', inWorker.handler);
      await app.jobs.send('import', { fileId: 'f-1' });
      await worker.drain('import');

      expect(inWorker.runs).toEqual([{ data: { fileId: 'f-1' }, attempt: 1 }]);
      expect(inApp.runs).toEqual([]);
    } finally {
      await worker.stop();
      await app.close();
      await database.close();
    }
  });

  // The app opens (and closes) its own database here: that is the order under test.
  it('lets a running job finish, database and all, before the app closes it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-jobs-close-'));
    try {
      const config = testConfig({ ...FAST_JOBS_ENV, REVLANE_DATA_DIR: dataDir });
      const app = await buildApp({ config, jwks: (await createTestKeys()).jwks });
      const started = createLatch();
      const closing = createLatch();
      // Added last, so it runs first among the onClose hooks: the job resumes while the
      // queue and the database are being closed.
      app.addHook('onClose', () => Promise.resolve(closing.release()));
      let finishedWith: unknown;
      await app.jobs.work('report', async () => {
        started.release();
        await closing.promise;
        await sleep(500); // still busy when the queue and the database start closing
        finishedWith = await app.db.execute(sql`select 1 as one`);
      });
      const id = await app.jobs.send('report', {});
      await started.promise;

      await app.close();

      expect(finishedWith).toBeDefined();
      expect(await jobStateIn(path.join(dataDir, 'metadata'), id!)).toBe('completed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function jobStateIn(metadataDir: string, id: string): Promise<unknown> {
  const database = await openDatabase({ kind: 'pglite', dataDir: metadataDir });
  try {
    const result = (await database.db.execute(
      sql`select state from pgboss.job where id = ${id}::uuid`,
    )) as { rows: { state: unknown }[] };
    return result.rows[0]?.state;
  } finally {
    await database.close();
  }
}
