import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { removeUnlessKept } from '../../../../scripts/test-run-dir.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  kill9,
  startServer,
  stopServer,
  waitFor,
  warehouseRows,
  withMetadata,
  type ServerProcess,
} from '../../test/server-process.js';
import { DEFAULT_DEMO_SIZE } from '../warehouse/index.js';
import { DEMO_COHORTS } from './demo-cohorts.js';
import { DEMO_SEGMENTS } from './demo-segments.js';

/** What `npm start` does on a fresh machine: embedded stores in one data directory. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-first-start-kill-'));
const env = { PORT: '0', LOG_LEVEL: 'info', REVLANE_DATA_DIR: dataDir };
const BACKFILL_DAYS = 180;

/** Starts the server CLI and waits until its log shows `marker`. */
async function startUntil(marker: string, timeoutMs: number): Promise<ServerProcess> {
  const server = startServer(env);
  await waitFor(() => (server.output().includes(marker) ? true : undefined), timeoutMs).catch(
    (error: unknown) => {
      server.child.kill('SIGKILL');
      throw new Error(`no "${marker}" in the log:\n${server.output().slice(-2_000)}`, {
        cause: error,
      });
    },
  );
  return server;
}

const rowsOf = <T>(query: string) => warehouseRows<T>(dataDir, query);

/**
 * Faults suite (docs/architecture.md §9): `kill -9` of the first start in the middle of the
 * demo data load, and of the next start in the middle of the cohorts' history back-fill. Each
 * restart finishes the work: the whole demo dataset once, every cohort's history once, the
 * demo segments once.
 */
describe('first start killed with kill -9, then restarted', () => {
  afterAll(() => removeUnlessKept(dataDir));

  it('completes the demo load and the cohort back-fill, with nothing twice', async () => {
    // The demo load writes accounts, then users, then events: killed among the events.
    await kill9(await startUntil('"table":"events"', 120_000));
    // The restart loads again (the half load never swapped in), then back-fills: killed there.
    const second = await startUntil('"msg":"cohort back-fill"', 180_000);
    expect(second.output()).toContain('demo warehouse data ready');
    await kill9(second);
    const third = await startUntil('cohort back-fill done', 300_000);
    expect(await stopServer(third)).toBe(0);

    const [counts] = await rowsOf<Record<string, string>>(
      `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM users) AS users,
              (SELECT count(*) FROM events) AS events`,
    );
    expect(counts).toEqual({
      accounts: String(DEFAULT_DEMO_SIZE.accounts),
      users: String(DEFAULT_DEMO_SIZE.users),
      events: String(DEFAULT_DEMO_SIZE.events),
    });
    // One count per cohort and day: the back-filled days and today, none twice.
    const days = await rowsOf<{ cohorts: string; per_cohort: string; twice: string }>(
      `SELECT count(DISTINCT cohort_id) AS cohorts, min(n) AS per_cohort,
              (SELECT count(*) FROM (SELECT cohort_id, day FROM cohort_counts
                GROUP BY ALL HAVING count(*) > 1)) AS twice
         FROM (SELECT cohort_id, count(*) AS n FROM cohort_counts GROUP BY cohort_id)`,
    );
    const demoCohorts = Object.values(DEMO_COHORTS).flat().length;
    expect(days[0]).toEqual({
      cohorts: String(demoCohorts),
      per_cohort: String(BACKFILL_DAYS + 1),
      twice: '0',
    });

    // Both drivers answer `{ rows }`; the shared Database type leaves the result unknown.
    const segments = await withMetadata(
      dataDir,
      async ({ db }) =>
        (await db.execute(
          sql`SELECT count(*)::int AS n, count(DISTINCT seed_key)::int AS keys FROM segments`,
        )) as { rows: unknown[] },
    );
    expect(segments.rows[0]).toEqual({ n: DEMO_SEGMENTS.length, keys: DEMO_SEGMENTS.length });
  }, 900_000);
});
