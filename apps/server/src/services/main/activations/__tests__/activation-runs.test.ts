import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATIONS_API,
  type Activation,
  type ActivationRun,
  type ActivationRunRecordPage,
  type CreateActivationBody,
} from '@revlane/contracts';
import { connections } from '../../../../platform/database/schema/index.js';
import { hubspotFakeState } from '../../../../integrations/hubspot/hubspot-fake.js';
import { salesforceSandboxOf } from '../../../../integrations/salesforce/salesforce-fake.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
  type FakeSheetTab,
} from '../../../../integrations/google-sheets/google-sheets-fake.js';
import {
  crmEnvFor,
  googleSheetsEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';
import {
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../../live-ops/__tests__/live-ops-fixture.js';
import {
  FAST_POLLING,
  insertAccountsCohort,
  snapshotThroughQueue,
} from '../../../live-ops/snapshots/__tests__/snapshot-fixture.js';
import { setPlan } from '../../../live-ops/notifications/__tests__/alerts-fixture.js';
import { ACTIVATION_RUN_JOB } from '../runs/activation-jobs.js';
import { activationsClient } from './activations-client.js';

type Row = Record<string, string | null>;

const SHEET = 'sheet-activation-runs';
const ROBOT = 'activations@revlane-test.iam.gserviceaccount.com';
/** The fake changes its tabs in place: the test reads this one's rows. */
const TAB: FakeSheetTab = { sheetId: 0, title: 'Pro', rows: [] };

/**
 * Activation runs end to end (ADR 0033), on the warehouse under test (DuckDB, or PostgreSQL
 * with TEST_DATABASE_URL): the change set computed against the state, a dry run that sends
 * nothing, only changes sent afterwards, failures tried again, mirror removals, through the
 * HubSpot and Salesforce sandbox fakes and their real client libraries.
 */
describe('activations: runs send only what changed', () => {
  let f: LiveOpsFixture;
  let c: ReturnType<typeof activationsClient>;
  let hubspot: FakeProvider;
  let salesforce: FakeProvider;
  let google: FakeGoogleSheets;
  let cohortId: string;
  let accounts: { id: string; name: string; plan: string }[];

  const companies = () =>
    new Map(
      hubspotFakeState(hubspot.oauth)
        .records('companies')
        .filter((row) => row.properties.revlane_account_id)
        .map((row) => [row.properties.revlane_account_id!, row.properties]),
    );
  const hubspotWrites = (id: string) =>
    hubspotFakeState(hubspot.oauth).writes('companies', id, 'revlane_account_id');

  async function run(activationId: string, body: object = {}): Promise<ActivationRun> {
    const started = await c.call(f.dana, 'POST', ACTIVATIONS_API.runs(activationId), body);
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<{ data: { id: string } }>().data;
    await f.t.app.jobs.drain(ACTIVATION_RUN_JOB);
    return c.read<ActivationRun>(f.dana, ACTIVATIONS_API.run(activationId, id));
  }
  const records = (activationId: string, runId: string, query = '') =>
    c.read<ActivationRunRecordPage>(
      f.dana,
      `${ACTIVATIONS_API.records(activationId, runId)}${query}`,
    );

  async function setMrr(id: string, mrr: string) {
    const { engine } = f.t.app.warehouse;
    await engine.execute(f.danaOrg, [
      {
        sql: `UPDATE ${engine.dialect.table(f.danaOrg, 'segment_accounts')} SET mrr = CAST($1 AS DECIMAL(12,2)) WHERE id = $2`,
        params: [mrr, id],
      },
    ]);
  }

  beforeAll(async () => {
    hubspot = await startFakeProvider('hubspot');
    salesforce = await startFakeProvider('salesforce');
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET,
          title: 'Pro accounts',
          sharedWith: [ROBOT],
          tabs: [TAB],
        },
      ],
    });
    f = await createLiveOpsFixture({
      ...FAST_POLLING,
      env: {
        ...FAST_POLLING.env,
        ...crmEnvFor('hubspot', hubspot),
        ...crmEnvFor('salesforce', salesforce),
        ...googleSheetsEnvFor(google, ROBOT),
      },
    });
    c = activationsClient(f);
    await seedConnection(f.t.app, f.danaOrg, 'hubspot', hubspot);
    await seedConnection(f.t.app, f.danaOrg, 'salesforce', salesforce);
    await f.t.database.db
      .update(connections)
      .set({ instanceUrl: salesforce.root })
      .where(eq(connections.provider, 'salesforce'));
    const { engine } = f.t.app.warehouse;
    accounts = (await engine.query(f.danaOrg, {
      sql: `SELECT id, name, plan FROM ${engine.dialect.table(f.danaOrg, 'segment_accounts')} ORDER BY id LIMIT 12`,
      params: [],
    })) as typeof accounts;
    // The cohort: twelve accounts on the "pro" plan, the others elsewhere.
    await setPlan(
      f,
      accounts.map((a) => a.id),
      'pro',
    );
    const { engine: e } = f.t.app.warehouse;
    await e.execute(f.danaOrg, [
      {
        sql: `UPDATE ${e.dialect.table(f.danaOrg, 'segment_accounts')} SET plan = 'free' WHERE plan = 'pro' AND id NOT IN (${accounts.map((_, i) => `$${i + 1}`).join(', ')})`,
        params: accounts.map((a) => a.id),
      },
    ]);
    cohortId = await insertAccountsCohort(f, 'Pro accounts');
    await snapshotThroughQueue(f, f.danaOrg);
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    await hubspot?.close();
    await salesforce?.close();
    await google?.close();
  });

  const hubspotBody = (more: Partial<CreateActivationBody> = {}): CreateActivationBody => ({
    name: 'Pro accounts to HubSpot',
    cohortId,
    destination: { provider: 'hubspot', object: 'companies' },
    match: { column: 'id', field: 'revlane_account_id' },
    mode: 'upsert',
    fields: [
      { column: 'name', field: 'name' },
      { column: 'plan', field: 'plan' },
      { column: 'mrr', field: 'mrr' },
    ],
    schedule: 'manual',
    ...more,
  });

  it('a dry run computes the change set and sends nothing; the run sends it; a re-run sends nothing', async () => {
    const activation: Activation = await c.create(f.dana, hubspotBody());
    const dry = await run(activation.id, { dryRun: true });
    expect(dry).toMatchObject({
      status: 'succeeded',
      dryRun: true,
      counts: { added: 12, changed: 0, removed: 0, unchanged: 0, failed: 0 },
    });
    expect(companies().size).toBe(0);
    const planned = await records(activation.id, dry.id, '?status=added');
    expect(planned.total).toBe(12);
    expect(planned.items[0]).toMatchObject({ change: 'added', outcome: 'planned' });
    expect(planned.items[0]!.sent.map((s) => s.field).sort()).toEqual(['mrr', 'name', 'plan']);

    const first = await run(activation.id);
    expect(first).toMatchObject({
      status: 'succeeded',
      counts: { added: 12, changed: 0, removed: 0, unchanged: 0, failed: 0 },
    });
    const held = companies();
    expect(held.size).toBe(12);
    for (const account of accounts)
      expect(held.get(account.id)).toMatchObject({ name: account.name, plan: 'pro' });
    const added = await records(activation.id, first.id, '?status=added');
    expect(added.items[0]!.destinationId).toMatch(/^\d+$/);
    expect(added.items[0]!.answer).toBeTruthy();

    const again = await run(activation.id);
    expect(again.counts).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 12, failed: 0 });
    for (const account of accounts) expect(hubspotWrites(account.id)).toBe(1);
  });

  it('one changed value sends one record, with its before and after, exactly', async () => {
    const [activation] = (await c.read<{ items: Activation[] }>(f.dana, ACTIVATIONS_API.list))
      .items;
    const target = accounts[3]!;
    const before = companies().get(target.id)!.mrr;
    await setMrr(target.id, '12345678.91');
    const changed = await run(activation!.id);
    expect(changed.counts).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 11, failed: 0 });
    const page = await records(activation!.id, changed.id, '?status=changed');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      key: target.id,
      sent: [{ field: 'mrr', before, after: '12345678.91' }],
    });
    expect(companies().get(target.id)!.mrr).toBe('12345678.91');
    expect(hubspotWrites(target.id)).toBe(2);
    expect(hubspotWrites(accounts[4]!.id)).toBe(1);
  });

  it('a 429 is waited out (Retry-After) and a refused record is tried again until it succeeds', async () => {
    const [activation] = (await c.read<{ items: Activation[] }>(f.dana, ACTIVATIONS_API.list))
      .items;
    const target = accounts[5]!;
    // mrr is a number property at HubSpot: text there is refused per record (a 207).
    const { engine } = f.t.app.warehouse;
    const table = engine.dialect.table(f.danaOrg, 'segment_accounts');
    await setMrr(target.id, '99');
    await engine.execute(f.danaOrg, [
      { sql: `UPDATE ${table} SET name = 'Renamed Co' WHERE id = $1`, params: [accounts[6]!.id] },
    ]);
    const patched = await c.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(activation!.id), {
      fields: [
        { column: 'name', field: 'name' },
        { column: 'plan', field: 'plan' },
        { column: 'name', field: 'mrr' },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    hubspot.oauth.throttleNext = 1;
    const refused = await run(activation!.id);
    expect(refused.status).toBe('failed');
    expect(refused.counts.failed).toBe(12);
    const failed = await records(activation!.id, refused.id, '?status=failed');
    expect(failed.total).toBe(12);
    expect(failed.items[0]!.answer).toMatch(/mrr/);

    const fixed = await c.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(activation!.id), {
      fields: [
        { column: 'name', field: 'name' },
        { column: 'plan', field: 'plan' },
        { column: 'mrr', field: 'mrr' },
      ],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const retried = await run(activation!.id, { retryFailed: true });
    expect(retried).toMatchObject({ status: 'succeeded', retryFailed: true });
    expect(retried.counts.failed).toBe(0);
    expect(retried.counts.changed).toBe(12);
    expect(companies().get(target.id)!.mrr).toBe('99.00');
    expect(companies().get(accounts[6]!.id)!.name).toBe('Renamed Co');
    const quiet = await run(activation!.id);
    expect(quiet.counts).toMatchObject({ added: 0, changed: 0, failed: 0, unchanged: 12 });
  });

  it('mirror: a record that leaves the cohort is cleared at the destination', async () => {
    const activation = await c.create(
      f.dana,
      hubspotBody({
        name: 'Mirror',
        mode: 'mirror',
        onLeave: 'clear',
        fields: [{ column: 'plan', field: 'plan' }],
      }),
    );
    expect((await run(activation.id)).counts).toMatchObject({ added: 12, failed: 0 });
    const leaving = accounts[0]!;
    await setPlan(f, [leaving.id], 'free');
    await snapshotThroughQueue(f, f.danaOrg);
    const mirrored = await run(activation.id);
    expect(mirrored.counts).toMatchObject({ removed: 1, failed: 0 });
    const page = await records(activation.id, mirrored.id, '?status=removed');
    expect(page.items[0]).toMatchObject({ key: leaving.id, change: 'removed' });
    expect([null, '']).toContain(companies().get(leaving.id)!.plan);
    const after = await run(activation.id);
    expect(after.counts).toMatchObject({ removed: 0, added: 0, changed: 0 });
  });

  it('Salesforce: upsert by an external id through REST collections, then only the change', async () => {
    const activation = await c.create(f.dana, {
      name: 'Pro accounts to Salesforce',
      cohortId,
      destination: { provider: 'salesforce', object: 'Account' },
      match: { column: 'id', field: 'Revlane_Account_Id__c' },
      mode: 'upsert',
      fields: [
        { column: 'name', field: 'Name' },
        { column: 'mrr', field: 'MRR__c' },
      ],
    });
    const first = await run(activation.id);
    expect(first.counts.failed).toBe(0);
    const sandbox = salesforceSandboxOf(salesforce.oauth);
    const mine = () =>
      (sandbox.rows('Account') ?? []).filter((row) => row.Revlane_Account_Id__c) as Row[];
    expect(mine().length).toBe(first.counts.added);
    await setMrr(accounts[8]!.id, '4242.42');
    const second = await run(activation.id);
    expect(second.counts).toMatchObject({ changed: 1, added: 0, failed: 0 });
    expect(mine().find((row) => row.Revlane_Account_Id__c === accounts[8]!.id)!.MRR__c).toBe(
      '4242.42',
    );
    expect(sandbox.writesOf('Account', accounts[8]!.id)).toBe(2);
    expect(sandbox.writesOf('Account', accounts[9]!.id)).toBe(1);
    expect(sandbox.jobs()).toHaveLength(0);
  });

  it('Google Sheets, mirror: the tab equals the cohort, a row that left is removed', async () => {
    const activation = await c.create(f.dana, {
      name: 'Pro accounts sheet',
      cohortId,
      destination: { provider: 'google_sheets', object: `${SHEET}/Pro` },
      match: { column: 'id', field: 'Account' },
      mode: 'mirror',
      fields: [{ column: 'name', field: 'Name' }],
    });
    const keys = async () => {
      const { engine } = f.t.app.warehouse;
      const rows = await engine.query(f.danaOrg, {
        sql: `SELECT s.id FROM ${engine.dialect.table(f.danaOrg, 'segment_accounts')} s WHERE s.plan = 'pro' ORDER BY s.id`,
        params: [],
      });
      return rows.map((row) => row.id as string).sort();
    };
    const tab = () => TAB.rows;
    const first = await run(activation.id);
    expect(first.counts.failed).toBe(0);
    expect(tab()[0]).toEqual(['Account', 'Name']);
    expect(
      tab()
        .slice(1)
        .map((row) => String(row[0]))
        .sort(),
    ).toEqual(await keys());
    const leaving = (await keys())[0]!;
    await setPlan(f, [leaving], 'free');
    await snapshotThroughQueue(f, f.danaOrg);
    const mirrored = await run(activation.id);
    expect(mirrored.counts).toMatchObject({ removed: 1, failed: 0 });
    expect(
      tab()
        .slice(1)
        .map((row) => String(row[0]))
        .sort(),
    ).toEqual(await keys());
  });

  it('one unfinished run per activation: a second start is a 409', async () => {
    const activation = await c.create(f.dana, hubspotBody({ name: 'Busy' }));
    const first = await c.call(f.dana, 'POST', ACTIVATIONS_API.runs(activation.id), {});
    expect(first.statusCode).toBe(202);
    const second = await c.call(f.dana, 'POST', ACTIVATIONS_API.runs(activation.id), {});
    expect(second.statusCode).toBe(409);
    await f.t.app.jobs.drain(ACTIVATION_RUN_JOB);
  });
});
