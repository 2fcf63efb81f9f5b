import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingBody, MappingRun, Sync } from '@revlane/contracts';
import { seedDataDir, type SeededDataDir } from '../../../test/seeded-data-dir.js';
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
} from '../../../test/server-process.js';
import { csvFileOf } from '../../ingestion/connectors/csv-connector.js';
import { MAPPING_INTERRUPTED_MESSAGE } from '../mapping-jobs.js';

const COMPOSER = '/composer/api/v1';
/** Enough accounts that the build is surely still going when SIGKILL lands. */
const ACCOUNTS = 100_000;

const accountsCsv = () => {
  const lines = ['account_id,company,website'];
  for (let n = 1; n <= ACCOUNTS; n += 1) lines.push(`a${n},Company ${n},site${n}.example`);
  return `${lines.join('\n')}\n`;
};
const USERS_CSV = 'user_id,email\nu1,ann@site1.example\nu2,bob@site2.example\n';

/** The mapping, with the accounts' name read from `nameColumn`. */
const mappingOf = (accounts: string, users: string, nameColumn: string): MappingBody => ({
  accounts: {
    sourceId: accounts,
    table: 'accounts.csv',
    columns: { id: 'account_id', name: nameColumn },
    attributes: [],
  },
  users: {
    sourceId: users,
    table: 'users.csv',
    columns: { id: 'user_id', email: 'email' },
    attributes: [],
  },
});

/**
 * Kills the process the moment it logs that a run of `version` started (a run re-applying an
 * older version after a sync may start too) and answers that run's id.
 */
const killAtPublishStart = async (server: ServerProcess, version: number, timeoutMs: number) => {
  const line = await killAtLogLine(
    server,
    (text) =>
      text.includes('"msg":"mapping publish started"') && text.includes(`"version":${version}`),
    timeoutMs,
  );
  return (JSON.parse(line) as { runId: string }).runId;
};

/**
 * Faults suite (docs/architecture.md §9, ADR 0019): the server CLI on the embedded store is
 * killed with SIGKILL while a mapping publish runs, then started again. The start-up sweep
 * fails the run "Interrupted: …" and a new run publishes the same version; until then the
 * previous canonical data stands, and no run stays "running".
 */
describe('mapping publish killed with kill -9, then a restart (PGlite)', () => {
  let seeded: SeededDataDir;
  beforeAll(async () => {
    seeded = await seedDataDir('mapping-kill');
  }, 120_000);
  afterAll(() => seeded?.close());

  const client = (base: string) => apiClient(base, seeded.token);

  const finished = (api: ApiClient, runId: string) =>
    until(async () => {
      const run = await api<MappingRun>('GET', `${COMPOSER}/mapping/runs/${runId}`);
      return ['succeeded', 'failed'].includes(run.status) ? run : undefined;
    }, 30_000);

  async function csvSource(api: ApiClient, name: string, content: string) {
    const source = await api<{ id: string }>('POST', `${COMPOSER}/sources`, {
      type: 'csv',
      name,
      config: { fileName: name },
    });
    const file = csvFileOf(seeded.dataDir, seeded.orgId, source.id);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    const { id } = await api<{ id: string }>('POST', `${COMPOSER}/sources/${source.id}/syncs`);
    const sync = await until(async () => {
      const run = await api<Sync>('GET', `${COMPOSER}/syncs/${id}`);
      return ['succeeded', 'failed'].includes(run.status) ? run : undefined;
    }, 30_000);
    expect(sync.status, sync.error ?? '').toBe('succeeded');
    return source.id;
  }

  async function accountName(id: string) {
    const rows = await warehouseRows<{ name: string }>(
      seeded.dataDir,
      `SELECT name FROM accounts WHERE id = '${id}'`,
    );
    return rows.map((row) => row.name);
  }

  const runsInMetadata = () =>
    withMetadata(seeded.dataDir, async ({ db }) => {
      const result = (await db.execute(
        sql`SELECT id, version, status, error FROM mapping_runs ORDER BY created_at`,
      )) as { rows: { id: string; version: number; status: string; error: string | null }[] };
      return result.rows;
    });

  it('fails the interrupted run, publishes its version again, keeps the old data until then', async () => {
    const env = { ...seeded.env, LOG_LEVEL: 'debug' };
    let server = startServer(env);
    let killedRunId: string;
    try {
      const api = client(await listeningUrl(server));
      await api('GET', '/user/api/v1/users/me');
      const accounts = await csvSource(api, 'accounts.csv', accountsCsv());
      const users = await csvSource(api, 'users.csv', USERS_CSV);
      await api('PUT', `${COMPOSER}/mapping`, mappingOf(accounts, users, 'company'));
      const first = await api<{ id: string }>('POST', `${COMPOSER}/mapping/publish`);
      expect((await finished(api, first.id)).status).toBe('succeeded');

      // Version 2 names accounts by their website; the process dies as its run starts.
      await api('PUT', `${COMPOSER}/mapping`, mappingOf(accounts, users, 'website'));
      const killed = killAtPublishStart(server, 2, 30_000);
      // The answer may not arrive: the run can start, and the process die, before it is sent.
      await api('POST', `${COMPOSER}/mapping/publish`).catch(() => undefined);
      killedRunId = await killed;
      await server.exited;
    } finally {
      await kill9(server);
    }
    // Killed while "running"; the first version's data stands.
    const atKill = await runsInMetadata();
    expect(atKill.filter((run) => run.version === 2)).toEqual([
      expect.objectContaining({ id: killedRunId, status: 'running' }),
    ]);
    expect(await accountName('a7')).toEqual(['Company 7']);

    const restartedAt = Date.now();
    server = startServer(env);
    try {
      const api = client(await listeningUrl(server));
      const interrupted = await api<MappingRun>('GET', `${COMPOSER}/mapping/runs/${killedRunId}`);
      expect(interrupted).toMatchObject({ status: 'failed', error: MAPPING_INTERRUPTED_MESSAGE });
      const again = await until(async () => {
        const { latestRun } = await api<{ latestRun: MappingRun | null }>(
          'GET',
          `${COMPOSER}/mapping`,
        );
        return latestRun && latestRun.id !== killedRunId ? latestRun : undefined;
      }, 10_000);
      expect(again.version).toBe(2);
      expect((await finished(api, again.id)).status).toBe('succeeded');
      expect(await stopServer(server)).toBe(0);
    } finally {
      await kill9(server);
    }
    // Published again well before the sweep's minute of silence.
    const recoveredInMs = Date.now() - restartedAt;
    console.info(`mapping kill: recovered ${recoveredInMs} ms after the restart`);
    expect(await accountName('a7')).toEqual(['site7.example']);
    // Version 2: the interrupted run and the one that published it; no run left unfinished.
    const runs = await runsInMetadata();
    expect(runs.filter((run) => run.version === 2).map((run) => run.status)).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(runs.filter((run) => !['succeeded', 'failed'].includes(run.status))).toEqual([]);
  }, 120_000);
});
