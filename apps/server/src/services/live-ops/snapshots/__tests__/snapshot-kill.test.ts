import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cohort } from '@revlane/contracts';
import { seedDataDir, type SeededDataDir } from '../../../../../test/seeded-data-dir.js';
import {
  apiClient,
  kill9,
  killAtLogLine,
  listeningUrl,
  startServer,
  stopServer,
  until,
  warehouseRows,
  withMetadata,
  type ApiClient,
  type ServerProcess,
} from '../../../../../test/server-process.js';

const API = '/live-ops/api/v1';
const COHORTS = 12;
const DAY_MS = 86_400_000;

interface LoggedSnapshot {
  cohortId: string;
  members: number;
}

/** The per-cohort 'cohort snapshot' lines (debug level) a process wrote so far. */
function loggedSnapshots(server: ServerProcess): LoggedSnapshot[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"cohort snapshot"'))
    .map((line) => JSON.parse(line) as LoggedSnapshot);
}

/** Kills the process the moment it prints its next cohort snapshot. */
const killAtNextSnapshot = (server: ServerProcess, timeoutMs: number) =>
  killAtLogLine(server, (line) => line.includes('"msg":"cohort snapshot"'), timeoutMs);

/**
 * Faults suite (docs/architecture.md §9, ADR 0007): the server CLI is killed with SIGKILL in
 * the middle of a cohort snapshot run, then started again. The interrupted job is retried at
 * once with the same moment: the cohorts snapshotted before the kill keep their rows, the
 * others get theirs, every cohort has exactly one count per day and no change twice, and no
 * job is left running.
 */
describe('cohort snapshots killed with kill -9, then a restart', () => {
  let seeded: SeededDataDir;
  beforeAll(async () => {
    seeded = await seedDataDir('snapshot-kill');
  }, 120_000);
  afterAll(() => seeded?.close());

  const client = (base: string) => apiClient(base, seeded.token);
  const rowsOf = <T>(query: string) => warehouseRows<T>(seeded.dataDir, query);

  /**
   * Polls the API until every cohort is snapshotted after `after` and its history is built:
   * a new cohort is counted in its create request already, its back-fill run comes after.
   */
  const allSnapshotted = (api: ApiClient, segmentId: string, after = '') =>
    until(async () => {
      const list = await api<Cohort[]>('GET', `${API}/segments/${segmentId}/cohorts`);
      const isDone = (cohort: Cohort) =>
        (cohort.snapshotAt ?? '') > after && !cohort.historyPending;
      return list.length === COHORTS && list.every(isDone) ? list : undefined;
    }, 60_000);

  it('keeps what committed, finishes the run once, and leaves no job running', async () => {
    const env = { ...seeded.env, LOG_LEVEL: 'debug' };
    let server = startServer(env);
    let segmentId: string;
    let killedAfter: LoggedSnapshot[];
    let firstRun: Cohort[];
    try {
      const api = client(await listeningUrl(server));
      await api('GET', '/user/api/v1/users/me');
      const segments = await api<{ id: string; name: string }[]>('GET', `${API}/segments/me`);
      segmentId = segments.find((segment) => segment.name === 'All accounts')!.id;
      const created: Cohort[] = [];
      for (let n = 0; n < COHORTS; n += 1)
        created.push(
          await api<Cohort>('POST', `${API}/segments/${segmentId}/cohorts`, {
            name: `Seats over ${n}`,
            filters: [{ field: 'seats', operator: 'gt', value: n }],
          }),
        );
      firstRun = await allSnapshotted(api, segmentId);
      // New filters for one cohort: a run that back-fills it, then snapshots every cohort.
      const before = loggedSnapshots(server).length;
      const killed = killAtNextSnapshot(server, 60_000);
      await api('PATCH', `${API}/segments/${segmentId}/cohorts/${created[0]!.id}`, {
        filters: [{ field: 'seats', operator: 'gt', value: 1_000_000 }],
      });
      await killed;
      await server.exited;
      killedAfter = loggedSnapshots(server).slice(before);
    } finally {
      await kill9(server);
    }
    // The kill landed inside the run: some cohorts were snapshotted, not all.
    expect(killedAfter.length).toBeGreaterThan(0);
    expect(killedAfter.length).toBeLessThan(COHORTS);

    server = startServer(env);
    let cohorts: Cohort[];
    try {
      const api = client(await listeningUrl(server));
      // The interrupted run is retried at start (not after its 15-minute expiry).
      const latestFirst = firstRun
        .map((cohort) => cohort.snapshotAt!)
        .sort()
        .at(-1)!;
      cohorts = await allSnapshotted(api, segmentId, latestFirst);
      expect(await stopServer(server)).toBe(0);
    } finally {
      await kill9(server);
    }
    console.info(`snapshot kill: killed after ${killedAfter.length} of ${COHORTS} cohorts`);
    // One run finished for every cohort: they share its moment.
    expect(new Set(cohorts.map((cohort) => cohort.snapshotAt)).size).toBe(1);

    // What committed before the kill is still there, unchanged.
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS).toISOString();
    const counts = await rowsOf<{ cohort_id: string; members: string }>(
      `SELECT cohort_id, members FROM cohort_counts WHERE day = '${today.slice(0, 10)}'`,
    );
    const todays = new Map(counts.map((row) => [row.cohort_id, Number(row.members)]));
    for (const logged of killedAfter) expect(todays.get(logged.cohortId)).toBe(logged.members);
    // Every cohort: one count today, one per back-filled day, none twice; no change twice.
    expect(todays.size).toBe(COHORTS);
    const [twice] = await rowsOf<{ counts: string; changes: string }>(
      `SELECT (SELECT count(*) FROM (SELECT cohort_id, day FROM cohort_counts
                GROUP BY ALL HAVING count(*) > 1)) AS counts,
              (SELECT count(*) FROM (SELECT cohort_id, snapshot_at, member_id FROM cohort_changes
                GROUP BY ALL HAVING count(*) > 1)) AS changes`,
    );
    expect(twice).toEqual({ counts: '0', changes: '0' });
    const members = new Map(cohorts.map((cohort) => [cohort.id, cohort.members]));
    expect(new Map([...todays].filter(([id]) => members.has(id)))).toEqual(members);

    const jobs = await withMetadata(
      seeded.dataDir,
      async ({ db }) =>
        (await db.execute(
          sql`SELECT state, count(*)::int AS n FROM pgboss.job
               WHERE name LIKE 'cohort%' GROUP BY state ORDER BY state`,
        )) as { rows: { state: string; n: number }[] },
    );
    expect(jobs.rows.filter((row) => row.state !== 'completed')).toEqual([]);
  }, 240_000);
});
