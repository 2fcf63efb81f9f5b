import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, organizationIdOf, testUser, type TestApp } from '../../../test/app.js';
import { mappingRuns } from '../../platform/database/schema/index.js';
import { MAPPING_INTERRUPTED_MESSAGE, MAPPING_STALE_AFTER_SECONDS } from '../mapping-jobs.js';
import { insertRun, startRun } from '../mapping.repository.js';
import { sweepMappingRuns } from '../mapping-sweep.js';
import { staleSecondsAtStart } from '../../platform/database/dead-process-rule.js';

describe('mapping runs of a process that died (ADR 0019)', () => {
  let t: TestApp;
  let orgId: string;
  let otherOrgId: string;
  beforeAll(async () => {
    // No workers: the runs stay where the sweep leaves them.
    t = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
    orgId = await organizationIdOf(t, await testUser(t, 'mira@sweep-one.example'));
    otherOrgId = await organizationIdOf(t, await testUser(t, 'omar@sweep-two.example'));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const sweep = () => sweepMappingRuns({ db: db(), jobs: t.app.jobs, log: t.app.log });
  const runsOf = (org: string) =>
    db()
      .select()
      .from(mappingRuns)
      .where(eq(mappingRuns.orgId, org))
      .orderBy(mappingRuns.createdAt);
  /** A run its process started, silent for `seconds`. */
  async function runningRun(org: string, version: number, seconds: number) {
    const run = await insertRun(db(), org, version);
    expect(await startRun(db(), run.id)).toBe(true);
    await db()
      .update(mappingRuns)
      .set({ heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(mappingRuns.id, run.id));
    return run;
  }

  it('fails a silent run and publishes its version again; a beating run is left alone', async () => {
    const silent = await runningRun(orgId, 3, 300);
    const alive = await runningRun(otherOrgId, 1, 2);
    await sweep();

    const [failed, again] = await runsOf(orgId);
    expect(failed).toMatchObject({
      id: silent.id,
      status: 'failed',
      error: MAPPING_INTERRUPTED_MESSAGE,
    });
    expect(failed!.finishedAt).not.toBeNull();
    expect(again).toMatchObject({ version: 3, status: 'queued' });
    expect(await runsOf(otherOrgId)).toEqual([
      expect.objectContaining({ id: alive.id, status: 'running' }),
    ]);

    // A second sweep changes nothing: the new run is queued, not running.
    await sweep();
    expect(await runsOf(orgId)).toHaveLength(2);
  });

  it('does not publish an old version again once a newer run exists', async () => {
    const org = await organizationIdOf(t, await testUser(t, 'ngozi@sweep-three.example'));
    const silent = await runningRun(org, 1, 300);
    const newer = await insertRun(db(), org, 2);
    await sweep();
    expect((await runsOf(org)).map((run) => [run.id, run.status])).toEqual([
      [silent.id, 'failed'],
      [newer.id, 'queued'],
    ]);
  });

  it('at start-up on PGlite fails a run that beat a moment ago: no other process can own it', async () => {
    const org = await organizationIdOf(t, await testUser(t, 'oona@sweep-four.example'));
    const recent = await runningRun(org, 2, 1);
    // PostgreSQL keeps the minute of silence: another process may be running it.
    await sweepMappingRuns({
      db: db(),
      jobs: t.app.jobs,
      log: t.app.log,
      staleAfterSeconds: staleSecondsAtStart('postgres', MAPPING_STALE_AFTER_SECONDS),
    });
    expect((await runsOf(org)).map((run) => run.status)).toEqual(['running']);

    await sweepMappingRuns({
      db: db(),
      jobs: t.app.jobs,
      log: t.app.log,
      staleAfterSeconds: staleSecondsAtStart('pglite', MAPPING_STALE_AFTER_SECONDS),
    });
    expect((await runsOf(org)).map((run) => [run.id, run.status, run.version])).toEqual([
      [recent.id, 'failed', 2],
      [expect.any(String), 'queued', 2],
    ]);
  });
});
