import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATIONS_API,
  COHORTS_API,
  LIVE_OPS_API,
  type Activation,
  type ActivationRun,
  type Cohort,
  type CreateActivationBody,
} from '@revlane/contracts';
import { hubspotFakeState } from '../../../../integrations/hubspot/hubspot-fake.js';
import { salesforceSandboxOf } from '../../../../integrations/salesforce/salesforce-fake.js';
import { connections } from '../../../../platform/database/schema/index.js';
import {
  seedDataDir,
  seedMetadata,
  type SeededDataDir,
} from '../../../../../test/seeded-data-dir.js';
import {
  apiClient,
  kill9,
  listeningUrl,
  startServer,
  until,
  waitFor,
  warehouseRows,
  type ApiClient,
  type ServerProcess,
} from '../../../../../test/server-process.js';
import {
  crmEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';

interface User {
  id: string;
  name: string | null;
  email: string | null;
}

/** HubSpot batches are 100 records; the engine sends 4 at a time (run-deps.ts). */
const HUBSPOT_BATCH = 100;
const LANES = 4;
/** A write the HubSpot fake holds this long is still unanswered when the server is killed. */
const HELD_MS = 60_000;

/** The 'checked against the destination after a restart' lines a process logged (info). */
function readBacks(server: ServerProcess) {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"activation batch checked against the destination'))
    .map((line) => JSON.parse(line) as { checked: number; done: number });
}

/**
 * Faults suite (ADR 0033, "Exactly once per change across a crash"): the server CLI killed
 * with SIGKILL in the middle of an activation run, then started again. The resumed run sends
 * each remaining change once: HubSpot batches the provider wrote but whose answers were lost
 * are read back and not sent again; a Salesforce Bulk 2.0 job checkpointed before the kill is
 * looked up, not made again. The fakes live in this process, so what they hold survives.
 */
describe('activations: a run killed with kill -9, then a restart', () => {
  let seeded: SeededDataDir;
  let hubspot: FakeProvider;
  let salesforce: FakeProvider;
  let env: Record<string, string>;
  let users: User[];
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    seeded = await seedDataDir('activations-kill');
    users = await warehouseRows<User>(seeded.dataDir, 'SELECT id, name, email FROM users');
    hubspot = await startFakeProvider('hubspot');
    salesforce = await startFakeProvider('salesforce');
    await seedMetadata(seeded, async (app) => {
      await seedConnection(app, seeded.orgId, 'hubspot', hubspot);
      await seedConnection(app, seeded.orgId, 'salesforce', salesforce);
      // The fake's token answer names no instance URL: the connection keeps the fake's root.
      await app.db
        .update(connections)
        .set({ instanceUrl: salesforce.root })
        .where(eq(connections.provider, 'salesforce'));
    });
    env = {
      ...seeded.env,
      ...crmEnvFor('hubspot', hubspot),
      ...crmEnvFor('salesforce', salesforce),
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      PLAY_ITEM_LEASE_SECONDS: '2',
    };
  }, 120_000);
  afterAll(async () => {
    await hubspot?.close();
    await salesforce?.close();
    await seeded?.close();
  });

  async function start(more: Record<string, string> = {}): Promise<ApiClient> {
    server = startServer({ ...env, ...more });
    return apiClient(await listeningUrl(server), seeded.token);
  }
  /** Each test leaves no process behind (the next one opens the same data directory). */
  afterEach(async () => {
    if (server) await kill9(server);
    server = null;
  });

  /** A segment of every user (no base filter) and its cohort of all of them, counted. */
  async function everyUser(api: ApiClient, segmentName: string): Promise<Cohort> {
    const segment = await api<{ id: string }>('POST', `/live-ops/api/v1/${LIVE_OPS_API.segments}`, {
      name: segmentName,
      baseTable: 'users',
      filters: [],
    });
    const cohort = await api<Cohort>(
      'POST',
      `/live-ops/api/v1/${COHORTS_API.segmentCohorts(segment.id)}`,
      { name: 'Everyone', filters: [] },
    );
    expect(cohort.members).toBe(users.length);
    return cohort;
  }

  async function startRun(api: ApiClient, body: CreateActivationBody) {
    const activation = await api<Activation>('POST', `/api/v1/${ACTIVATIONS_API.list}`, body);
    const run = await api<{ id: string }>(
      'POST',
      `/api/v1/${ACTIVATIONS_API.runs(activation.id)}`,
      {},
    );
    return { activationId: activation.id, runId: run.id };
  }

  /** The run once it is neither queued nor running. */
  const settled = (api: ApiClient, activationId: string, runId: string) =>
    until(async () => {
      const run = await api<ActivationRun>(
        'GET',
        `/api/v1/${ACTIVATIONS_API.run(activationId, runId)}`,
      );
      return run.status === 'queued' || run.status === 'running' ? undefined : run;
    }, 45_000);

  const allAdded = () => ({
    status: 'succeeded',
    planned: users.length,
    counts: { added: users.length, changed: 0, removed: 0, unchanged: 0, failed: 0 },
  });

  it('HubSpot: batches written but unanswered at the kill are read back, not sent again', async () => {
    const hub = hubspotFakeState(hubspot.oauth);
    const written = () =>
      hub.records('contacts').filter((record) => record.properties.revlane_user_id);
    hubspot.oauth.answerDelayMs = 300;
    const api = await start();
    const cohort = await everyUser(api, 'All users (HubSpot)');
    const { activationId, runId } = await startRun(api, {
      name: 'Users to HubSpot contacts',
      cohortId: cohort.id,
      destination: { provider: 'hubspot', object: 'contacts' },
      match: { column: 'id', field: 'revlane_user_id' },
      mode: 'upsert',
      fields: [{ column: 'name', field: 'lastname' }],
    });
    // Some batches answered and written down; from then on every write is held unanswered
    // (set in the same tick as the count, so no write slips between the two), until each of
    // the run's lanes has one written batch waiting for its answer.
    const heldFrom = await waitFor(() => {
      const count = written().length;
      if (count < 8 * HUBSPOT_BATCH) return undefined;
      hubspot.oauth.answerDelayMs = HELD_MS;
      return count;
    }, 30_000);
    const unanswered = LANES * HUBSPOT_BATCH;
    await waitFor(() => (written().length >= heldFrom + unanswered ? true : undefined), 30_000);
    await kill9(server!);
    hubspot.oauth.answerDelayMs = 0;
    expect(written().length).toBe(heldFrom + unanswered);
    expect(written().length).toBeLessThan(users.length);

    const restarted = await start({ LOG_LEVEL: 'info' });
    const run = await settled(restarted, activationId, runId);
    expect(run).toMatchObject(allAdded());
    // The held batches were claimed again: read back, found as meant, not sent.
    const checks = readBacks(server!);
    expect(checks.reduce((sum, check) => sum + check.done, 0)).toBe(unanswered);
    expect(checks.reduce((sum, check) => sum + check.checked, 0)).toBe(unanswered);
    // Every change reached HubSpot exactly once, and HubSpot holds every one.
    expect(
      users.filter((user) => hub.writes('contacts', user.id, 'revlane_user_id') !== 1),
    ).toEqual([]);
    const held = new Map(
      written().map((record) => [record.properties.revlane_user_id!, record.properties.lastname]),
    );
    expect(held.size).toBe(users.length);
    expect(users.filter((user) => held.get(user.id) !== (user.name || null))).toEqual([]);
  }, 90_000);

  it('Salesforce Bulk 2.0: the job checkpointed before the kill is looked up, not made again', async () => {
    const sandbox = salesforceSandboxOf(salesforce.oauth);
    // The job stays UploadComplete, then InProgress, this long each: the kill lands in it.
    sandbox.bulk.stepMs = 2_000;
    const api = await start();
    const cohort = await everyUser(api, 'All users (Salesforce)');
    // More than 2,000 records: one Bulk 2.0 job (10,000 records a job).
    expect(users.length).toBeGreaterThan(2_000);
    const { activationId, runId } = await startRun(api, {
      name: 'Users to Salesforce contacts',
      cohortId: cohort.id,
      destination: { provider: 'salesforce', object: 'Contact' },
      match: { column: 'id', field: 'Revlane_User_Id__c' },
      mode: 'upsert',
      fields: [
        { column: 'name', field: 'LastName' },
        { column: 'email', field: 'Email' },
      ],
    });
    const job = await waitFor(
      () => sandbox.jobs().find((j) => j.state === 'UploadComplete' || j.state === 'InProgress'),
      30_000,
    );
    await kill9(server!);
    sandbox.bulk.stepMs = 25;
    expect(sandbox.jobs()).toHaveLength(1);

    const restarted = await start();
    const run = await settled(restarted, activationId, runId);
    expect(run).toMatchObject(allAdded());
    // The resumed batch found its job by the checkpoint: still the only one, and complete.
    expect(sandbox.jobs().map((j) => [j.id, j.state, j.numberRecordsProcessed])).toEqual([
      [job.id, 'JobComplete', users.length],
    ]);
    expect(users.filter((user) => sandbox.writesOf('Contact', user.id) !== 1)).toEqual([]);
    const held = new Map(
      (sandbox.rows('Contact') ?? [])
        .filter((row) => row.Revlane_User_Id__c)
        .map((row) => [String(row.Revlane_User_Id__c), row]),
    );
    expect(held.size).toBe(users.length);
    expect(
      users.filter((user) => {
        const row = held.get(user.id);
        return row?.LastName !== user.name || row?.Email !== user.email;
      }),
    ).toEqual([]);
  }, 90_000);
});
