import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  COHORTS_API,
  MAPPING_API,
  NOTIFICATIONS_API,
  PLAYS_API,
  type Firing,
  type MappingBody,
  type MappingRun,
  type PlayRun,
  type PlayRunDetail,
  type Sync,
} from '@revlane/contracts';
import { recordIssuedSecret, removeUnlessKept } from '../../../scripts/test-run-dir.mjs';
import { seedDemo } from '../src/demo/index.js';
import { rawTablePrefix } from '../src/ingestion/landing/landed-tables.js';
import { openDatabase } from '../src/platform/database/database.js';
import { loadDemoData, openWarehouse } from '../src/warehouse/index.js';
import { withAdminClient } from './database.js';
import { startFakeSmtpServer } from './fake-smtp-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import {
  signInThrough,
  startKeyedReceiver,
  pidOwningPort,
  theOneDoing,
  tusUpload,
  workerActivity,
  type WorkerActivity,
} from './scale-out-helpers.js';
import {
  apiClient,
  kill9,
  listeningUrl,
  startServer,
  type ApiClient,
  type ServerProcess,
} from './server-process.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.warn(
    'scale-out test skipped: TEST_DATABASE_URL is unset (several processes need one PostgreSQL database)',
  );

const PASSWORD = 'revlane-demo-2022';
const DEMO = 'demo@acme.example';
const MEMBER = 'alex@acme.example';
/** Requests per minute per user: above what the test's polling makes, low enough to reach. */
const USER_LIMIT = 300;
/** Rows of the big CSV (about 26 MB): its sync runs long enough to be caught in the middle. */
const BIG_ROWS = 500_000;
/** Accounts the alert and the fast play see enter, and those the killed play sends to. */
const ALERTED = 12;
const PLAYED = 60;
/** Webhooks the slow receiver answers before it holds the rest (the kill comes then). */
const ANSWERED_BEFORE_KILL = 20;
const ALERT_EMAIL = 'ops@scale-out.example';

const bigCsv = () => {
  const lines = ['id,name,email,amount,signed_up'];
  for (let n = 1; n <= BIG_ROWS; n += 1)
    lines.push(
      `${n},Person ${n},p${n}@big${n % 97}.example,${n % 1000}.25,2024-01-${(n % 28) + 1}`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
};
const pad = (n: number) => String(n).padStart(2, '0');
const accountsCsv = () => {
  const lines = ['account_id,company,website'];
  for (let n = 1; n <= ALERTED; n += 1) lines.push(`al${n},Zqalert ${pad(n)},alert${n}.example`);
  for (let n = 1; n <= PLAYED; n += 1) lines.push(`pl${n},Zqplay ${pad(n)},play${n}.example`);
  for (let n = 1; n <= 20; n += 1) lines.push(`ot${n},Other ${pad(n)},other${n}.example`);
  return Buffer.from(`${lines.join('\n')}\n`);
};
const usersCsv = () =>
  Buffer.from(
    `user_id,email\n${Array.from({ length: 30 }, (_, n) => `u${n},u${n}@play${n + 1}.example`).join('\n')}\n`,
  );

/** Polls `check` every 500 ms until it answers something; fails naming `what` after `timeoutMs`. */
async function poll<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: Error | undefined;
  for (;;) {
    try {
      const found = await check();
      if (found !== undefined) return found;
    } catch (error) {
      last = error as Error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Issue 29's proof (ADR 0035): two `web` and two `worker` processes of the server CLI on one
 * PostgreSQL database (metadata, jobs and warehouse), one secret key and one shared
 * UPLOAD_DIR, behind a round-robin balancer with no stickiness. A user signs in through one
 * web process and is served by the other; an upload's PATCHes alternate between them; the
 * data is synced, mapped and published; an alert and plays fire; a worker is killed with
 * SIGKILL during a play run and during a sync, and every run still ends, every delivery
 * reaches its receiver once by key, no row is lost; the rate limit counts both web processes.
 */
describe.skipIf(!adminUrl)('scale-out: 2 web + 2 worker processes on PostgreSQL', () => {
  const database = `revlane_scaleout_${randomBytes(5).toString('hex')}`;
  const databaseUrl = new URL(adminUrl ?? 'postgres://unset');
  databaseUrl.pathname = `/${database}`;
  let root: string;
  let uploadDir: string;
  const secretKey = randomBytes(32).toString('hex');
  const processes = new Map<string, ServerProcess>();
  let proxy: RoundRobinProxy;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let webs: string[] = [];
  let orgId: string;
  let allAccountsSegmentId: string;
  let demoToken: string;
  let workerCount = 0;
  /** State the steps hand on. */
  const state: {
    big?: { sourceId: string; table: string };
    alertId?: string;
    fastPlayId?: string;
    slowPlayId?: string;
    published?: boolean;
  } = {};
  let fast: Awaited<ReturnType<typeof startKeyedReceiver>>;
  let slow: Awaited<ReturnType<typeof startKeyedReceiver>>;

  const envOf = (role: 'web' | 'worker', name: string): Record<string, string> => {
    // Each process names its connections, so pg_stat_activity tells which one does what.
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', `revlane-${name}`);
    return {
      PORT: '0',
      LOG_LEVEL: 'info',
      REVLANE_ROLE: role,
      REVLANE_DATA_DIR: mkdtempSync(path.join(root, `${name}-`)),
      DATABASE_URL: url.toString(),
      WAREHOUSE_URL: url.toString(),
      REVLANE_SECRET_KEY: secretKey,
      UPLOAD_DIR: uploadDir,
      APP_URL: proxy.url,
      SEED_DEMO: 'true',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      RATE_LIMIT_USER_PER_MINUTE: String(USER_LIMIT),
      RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      DELIVERY_RETRY_SCHEDULE: '1,2,2',
      PLAY_ITEM_LEASE_SECONDS: '2',
      ALERT_DELIVERY_LEASE_SECONDS: '3',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      SMTP_URL: smtp.url,
    };
  };
  const start = async (role: 'web' | 'worker', name: string) => {
    const server = startServer(envOf(role, name));
    processes.set(name, server);
    return listeningUrl(server, 90_000).catch((error: unknown) => {
      throw new Error(
        `${name} did not start (${String(error)}):\n${server.output().slice(-3_000)}`,
      );
    });
  };
  const startWorker = () => {
    workerCount += 1;
    return start('worker', `worker-${workerCount}`);
  };
  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    withAdminClient(
      databaseUrl.toString(),
      async (client) => (await client.query<T>(text, params)).rows,
    );
  const api = (base = proxy.url, token = demoToken): ApiClient => apiClient(base, token);
  const composer = <T>(method: string, route: string, body?: unknown) =>
    api()<T>(method, `/composer/api/v1/${route}`, body);
  const liveOps = <T>(method: string, route: string, body?: unknown) =>
    api()<T>(method, `/live-ops/api/v1/${route}`, body);
  const main = <T>(method: string, route: string, body?: unknown) =>
    api()<T>(method, `/api/v1/${route}`, body);
  const syncEnded = (id: string, timeoutMs: number) =>
    poll(
      `sync ${id} to end`,
      async () => {
        const sync = await composer<Sync>('GET', `syncs/${id}`);
        return ['queued', 'running'].includes(sync.status) ? undefined : sync;
      },
      timeoutMs,
    );
  const landedRows = async (table: string) => {
    const [found] = await sql<{ table_schema: string }>(
      `SELECT table_schema FROM information_schema.tables WHERE table_name = $1`,
      [table],
    );
    const [counted] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM "${found!.table_schema}"."${table}"`,
    );
    return Number(counted!.n);
  };
  const runEnded = (playId: string, timeoutMs: number) =>
    poll(
      `a run of play ${playId} to end`,
      async () => {
        const [run] = await main<PlayRun[]>('GET', PLAYS_API.runs(playId));
        return run && run.status !== 'running' ? run : undefined;
      },
      timeoutMs,
    );
  /** The end of every process's log, when a step fails. */
  const dumpLogsOnFailure = () =>
    onTestFailed(() => {
      for (const [name, server] of processes)
        console.error(
          `--- ${name} (last lines) ---\n${server.output().split('\n').slice(-25).join('\n')}`,
        );
    });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'revlane-scale-out-'));
    uploadDir = mkdtempSync(path.join(root, 'uploads-'));
    await withAdminClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${database}`));
    recordIssuedSecret('revlane secret key', secretKey);
    // The demo organization exists before the processes start, with a small warehouse
    // dataset: the default demo load (2,000 accounts, 400,000 events) takes a 2-core
    // machine's worker most of a minute on PostgreSQL, and a load that finished is skipped.
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl.toString() });
    try {
      orgId = (await seedDemo(handle.db, PASSWORD)).orgId;
    } finally {
      await handle.close();
    }
    const warehouse = openWarehouse({ dataDir: root, warehouseUrl: databaseUrl.toString() });
    try {
      await loadDemoData(warehouse, orgId, { accounts: 40, users: 200, events: 2_000 });
    } finally {
      await warehouse.close();
    }
    const [segment] = await sql<{ id: string }>(
      `SELECT id FROM segments WHERE org_id = $1 AND name = 'All accounts'`,
      [orgId],
    );
    allAccountsSegmentId = segment!.id;
    smtp = await startFakeSmtpServer();
    fast = await startKeyedReceiver();
    slow = await startKeyedReceiver({ answerFirst: ANSWERED_BEFORE_KILL });
    proxy = await startRoundRobinProxy();
    // All four start together, as an orchestrator starts them.
    const started = await Promise.all([
      start('web', 'web-1'),
      start('web', 'web-2'),
      startWorker(),
      startWorker(),
    ]);
    webs = started.slice(0, 2);
    proxy.setBackends(webs);
  }, 150_000);

  afterAll(async () => {
    for (const server of processes.values()) await kill9(server);
    await proxy?.close();
    await smtp?.close();
    await fast?.close();
    await slow?.close();
    if (adminUrl)
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
      );
    if (root) {
      rmSync(uploadDir, { recursive: true, force: true });
      removeUnlessKept(root);
    }
  }, 60_000);

  it('1. signs in through one web process and is served by the other', async () => {
    dumpLogsOnFailure();
    demoToken = await signInThrough(webs[0]!, proxy.url, DEMO, PASSWORD);
    const me = await api(webs[1])<{ email: string }>('GET', '/user/api/v1/users/me');
    expect(me.email).toBe(DEMO);
    // And through the balancer, whichever process answers.
    for (let n = 0; n < 2; n += 1)
      expect((await api()<{ email: string }>('GET', '/user/api/v1/users/me')).email).toBe(DEMO);
    // Workers serve the probes only.
    const worker = await listeningUrl(processes.get('worker-1')!);
    expect((await fetch(`${worker}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker}/user/api/v1/users/me`)).status).toBe(404);
  }, 30_000);

  it('2. completes a tus upload whose PATCHes alternate between the web processes', async () => {
    dumpLogsOnFailure();
    const bytes = bigCsv();
    const { sourceId, syncId } = await tusUpload(webs, demoToken, 'big.csv', bytes, 6);
    const sync = await syncEnded(syncId, 60_000);
    expect(sync, sync.error ?? '').toMatchObject({ status: 'succeeded', rowsWritten: BIG_ROWS });
    const table = sync.tables[0]!.warehouseTable;
    expect(await landedRows(table)).toBe(BIG_ROWS);
    state.big = { sourceId, table };
  }, 90_000);

  it('3. syncs, maps and publishes (cohorts, an alert and plays waiting for the records)', async () => {
    dumpLogsOnFailure();
    // What the publish will bring in: cohorts counted now (none of these accounts yet), an
    // alert on one (its baseline the count at creation) and a webhook play on each.
    const cohortOf = async (name: string, contains: string) => {
      const cohort = await liveOps<{ id: string; members: number | null }>(
        'POST',
        COHORTS_API.segmentCohorts(allAccountsSegmentId),
        { name, filters: [{ field: 'name', operator: 'contains', value: contains }] },
      );
      expect(cohort.members).toBe(0);
      return cohort.id;
    };
    const cohorts = {
      alerted: await cohortOf('Alerted accounts', 'Zqalert'),
      played: await cohortOf('Played accounts', 'Zqplay'),
    };
    const alert = await liveOps<{ id: string }>('POST', NOTIFICATIONS_API.list, {
      name: 'New alerted accounts',
      segmentId: allAccountsSegmentId,
      cohortId: cohorts.alerted,
      type: 'new',
      channels: { inApp: true, slack: null, email: [ALERT_EMAIL] },
    });
    state.alertId = alert.id;
    const playOn = async (name: string, cohortId: string, url: string) =>
      (
        await main<{ id: string }>('POST', PLAYS_API.list, {
          name,
          status: 'active',
          includeExisting: true,
          trigger: { type: 'cohort_entered', cohortId },
          actions: [{ type: 'webhook', url, fields: { account: '{{account.name}}' } }],
        })
      ).id;
    state.fastPlayId = await playOn('Fast webhook', cohorts.alerted, fast.url);
    state.slowPlayId = await playOn('Slow webhook', cohorts.played, slow.url);

    // Through the balancer: creation and PATCHes land wherever it sends them.
    const accounts = await tusUpload([proxy.url], demoToken, 'accounts.csv', accountsCsv(), 2);
    const users = await tusUpload([proxy.url], demoToken, 'users.csv', usersCsv(), 1);
    for (const { syncId } of [accounts, users])
      expect((await syncEnded(syncId, 30_000)).status).toBe('succeeded');
    const mapping: MappingBody = {
      accounts: {
        sourceId: accounts.sourceId,
        table: 'accounts.csv',
        columns: { id: 'account_id', name: 'company', domain: 'website' },
        attributes: [],
      },
      users: {
        sourceId: users.sourceId,
        table: 'users.csv',
        columns: { id: 'user_id', email: 'email' },
        attributes: [],
      },
    };
    await composer('PUT', MAPPING_API.mapping, mapping);
    const publish = await composer<{ id: string }>('POST', MAPPING_API.publish);
    const run = await poll(
      'the publish run to end',
      async () => {
        const read = await composer<MappingRun>('GET', MAPPING_API.run(publish.id));
        return ['succeeded', 'failed'].includes(read.status) ? read : undefined;
      },
      60_000,
    );
    expect(run, run.error ?? '').toMatchObject({ status: 'succeeded' });
    state.published = true;
  }, 120_000);

  it('4. fires the cohort’s alert and a webhook play, each delivery once by key', async () => {
    dumpLogsOnFailure();
    expect(state.published).toBe(true);
    const firing = await poll(
      'the alert’s firing to be delivered',
      async () => {
        const [first] = await liveOps<Firing[]>('GET', NOTIFICATIONS_API.firings(state.alertId!));
        return first?.deliveries.every((delivery) => delivery.status !== 'pending')
          ? first
          : undefined;
      },
      60_000,
    );
    expect(firing).toMatchObject({ type: 'new', count: ALERTED });
    expect(firing.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['email', 'sent'],
      ['inApp', 'sent'],
    ]);
    const run = await runEnded(state.fastPlayId!, 60_000);
    expect(run).toMatchObject({
      status: 'succeeded',
      counts: { records: ALERTED, succeeded: ALERTED, failed: 0, pending: 0 },
    });
    // A moment more, for a second send to show itself if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mails = smtp.received.filter((mail) => mail.to.includes(ALERT_EMAIL));
    const messageIds = mails.map((mail) => /^message-id:\s*(\S+)/im.exec(mail.data)?.[1]);
    console.info(
      `scale-out: alert emails ${mails.length}, distinct keys ${new Set(messageIds).size}`,
    );
    expect(new Set(messageIds).size).toBe(1);
    expect(mails).toHaveLength(1);
    const detail = await main<PlayRunDetail>('GET', PLAYS_API.run(state.fastPlayId!, run.id));
    expect(new Set(fast.acknowledged.map((d) => d.recordId))).toEqual(
      new Set(detail.items.map((item) => item.recordId)),
    );
    console.info(`scale-out: fast play duplicates by key ${JSON.stringify(fast.duplicates())}`);
    expect(fast.duplicates()).toEqual([]);
  }, 90_000);

  it('5a. a worker killed during a play run: the run ends, each webhook once by key', async () => {
    dumpLogsOnFailure();
    expect(state.published).toBe(true);
    // The receiver answered some and holds the others: the run is in the middle.
    await poll(
      'the slow play to be part-way',
      () =>
        Promise.resolve(
          slow.acknowledged.length >= ANSWERED_BEFORE_KILL && slow.held().length > 0
            ? true
            : undefined,
        ),
      60_000,
    );
    // Answers already given are written down (within milliseconds) before the kill.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The worker sending the run: the one at the other end of the held requests' connections.
    // (The minute tick may have brought the other worker into the run: either will do.)
    const workers = [...processes].filter(
      ([name, server]) => name.startsWith('worker') && server.child.exitCode === null,
    );
    const senderPid = await poll(
      'a worker sending the play run',
      () =>
        Promise.resolve(
          pidOwningPort(
            workers.map(([, server]) => server.child.pid!),
            slow.heldPorts(),
          ),
        ),
      10_000,
    );
    const sender = workers.find(([, server]) => server.child.pid === senderPid)![0];
    const heldAtKill = slow.held();
    const acknowledgedAtKill = slow.acknowledged.length;
    await kill9(processes.get(sender)!);
    console.info(
      `scale-out: killed ${sender} during the play run: ${acknowledgedAtKill} answered, ${heldAtKill.length} held`,
    );
    expect(acknowledgedAtKill).toBeLessThan(PLAYED);
    // The dead sender's connections close; the requests held on them were never answered.
    await poll(
      'the killed sender’s connections to close',
      () => Promise.resolve(slow.heldOpen() === 0 ? true : undefined),
      5_000,
    );
    slow.release();
    // A replacement, as an orchestrator restarts a dead process.
    await startWorker();
    const run = await runEnded(state.slowPlayId!, 60_000);
    const detail = await main<PlayRunDetail>('GET', PLAYS_API.run(state.slowPlayId!, run.id));
    const errors = detail.items.filter((item) => item.error).map((item) => item.error);
    expect(run, JSON.stringify(errors.slice(0, 3))).toMatchObject({
      status: 'succeeded',
      counts: { records: PLAYED, succeeded: PLAYED, failed: 0, pending: 0 },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const expected = new Set(detail.items.map((item) => item.recordId));
    expect(new Set(slow.acknowledged.map((d) => d.recordId))).toEqual(expected);
    expect(new Set(slow.acknowledged.map((d) => d.key)).size).toBe(PLAYED);
    const duplicates = slow.duplicates();
    console.info(
      `scale-out: slow play ${slow.arrived.length} arrivals, ${slow.acknowledged.length} answered, duplicates by key ${JSON.stringify(duplicates)}`,
    );
    // A webhook answered before the kill was written down: sent again, the lease or the
    // read-back failed. Those held at the kill were never answered, so one answer each.
    expect(duplicates).toEqual([]);
  }, 120_000);

  it('5b. a worker killed during a sync: the run ends, a new sync lands every row', async () => {
    dumpLogsOnFailure();
    const big = state.big;
    expect(big).toBeDefined();
    const { id } = await composer<{ id: string }>('POST', `sources/${big!.sourceId}/syncs`);
    await poll(
      'the sync to run',
      async () => {
        const sync = await composer<Sync>('GET', `syncs/${id}`);
        if (!['queued', 'running'].includes(sync.status))
          throw new Error(`the sync ended (${sync.status}) before it was seen running`);
        return sync.status === 'running' ? sync : undefined;
      },
      60_000,
    );
    // Its progress reaches the API every 5 s (HEARTBEAT_MS), and the whole CSV lands in about
    // that: the proof it is in the middle is its COPY into the table built beside the live
    // one, running in one worker's connection. Looked for often, so as not to miss it.
    const copying = (row: WorkerActivity) =>
      row.state === 'active' &&
      row.query.startsWith('COPY') &&
      row.query.includes(`${rawTablePrefix(big!.sourceId)}`) &&
      row.query.includes('__next');
    let syncer: string | undefined;
    let seen: WorkerActivity[] = [];
    for (const deadline = Date.now() + 20_000; !syncer && Date.now() < deadline;) {
      seen = await workerActivity(adminUrl!, database);
      syncer = theOneDoing(seen, copying);
      if (!syncer) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!syncer) {
      const sync = await composer<Sync>('GET', `syncs/${id}`);
      throw new Error(
        `no worker seen loading the sync (now ${sync.status}); workers last ran:\n${seen
          .map((row) => `${row.process} ${row.state} ${row.query.slice(0, 120)}`)
          .join('\n')}`,
      );
    }
    await kill9(processes.get(syncer)!);
    const atKill = await composer<Sync>('GET', `syncs/${id}`);
    console.info(
      `scale-out: killed ${syncer} during sync ${id} (${atKill.status}, ${atKill.rowsRead} rows read reported)`,
    );
    expect(atKill.status).toBe('running');
    // The minute of silence after which a run counts as its dead process's, passed at once
    // (ADR 0019); a replacement's start-up sweep fails it then.
    await sql(`UPDATE source_syncs SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1`, [
      id,
    ]);
    await startWorker();
    const killed = await syncEnded(id, 60_000);
    expect(killed.status).toBe('failed');
    // The previous load stands: no row lost.
    expect(await landedRows(big!.table)).toBe(BIG_ROWS);
    const again = await composer<{ id: string }>('POST', `sources/${big!.sourceId}/syncs`);
    const done = await syncEnded(again.id, 60_000);
    expect(done, done.error ?? '').toMatchObject({ status: 'succeeded', rowsWritten: BIG_ROWS });
    expect(await landedRows(big!.table)).toBe(BIG_ROWS);
    // None stuck: no run of the organization is left queued or running.
    const open = await sql<{ id: string; status: string }>(
      `SELECT id, status FROM source_syncs WHERE org_id = $1 AND status IN ('queued', 'running')`,
      [orgId],
    );
    expect(open).toEqual([]);
  }, 150_000);

  it('6. counts the per-user rate limit across both web processes', async () => {
    dumpLogsOnFailure();
    // A user who has made no call this minute: N calls alternating pass, the next is refused.
    const token = await signInThrough(webs[1]!, proxy.url, MEMBER, PASSWORD);
    const statuses: number[] = [];
    for (let n = 0; n <= USER_LIMIT; n += 1) {
      const response = await fetch(`${webs[n % 2]}/user/api/v1/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    const refused = statuses.flatMap((status, n) => (status === 429 ? [n + 1] : []));
    console.info(`scale-out: calls refused (1-based) ${JSON.stringify(refused.slice(0, 5))}`);
    expect(statuses.slice(0, USER_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[USER_LIMIT]).toBe(429);
  }, 60_000);
});
