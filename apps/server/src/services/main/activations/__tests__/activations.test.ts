import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATIONS_API,
  CONNECTIONS_API,
  type Activation,
  type ActivationBudgets,
  type ActivationPage,
  type CreateActivationBody,
  type DestinationField,
  type DestinationObject,
} from '@revlane/contracts';
import { testUser, type TestUser } from '../../../../../test/app.js';
import { activations, connections } from '../../../../platform/database/schema/index.js';
import { readActivationStateCount, recordActivationOutcomes } from '../../../../warehouse/index.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
} from '../../../../integrations/google-sheets/google-sheets-fake.js';
import {
  crmEnvFor,
  googleSheetsEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';
import { COMPOSER } from '../../../composer/__tests__/composer-fixture.js';
import { cohortsClient } from '../../../live-ops/__tests__/cohorts-test-client.js';
import {
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../../live-ops/__tests__/live-ops-fixture.js';
import { registerActivationDependents } from '../activation-dependents.js';
import { nextActivationRunAt } from '../activation-schedule.js';
import { activationsClient, errorPaths, salesforceAccountsBody } from './activations-client.js';

describe('activations: next scheduled run (UTC)', () => {
  const at = (iso: string) => new Date(iso);
  it('hourly on the next full hour, daily at the next 06:00, none for manual and after-load', () => {
    expect(nextActivationRunAt('hourly', at('2024-06-15T10:20:00Z'))).toEqual(
      at('2024-06-15T11:00:00Z'),
    );
    expect(nextActivationRunAt('hourly', at('2024-06-15T23:00:00Z'))).toEqual(
      at('2024-06-16T00:00:00Z'),
    );
    expect(nextActivationRunAt('daily', at('2024-06-15T05:59:59Z'))).toEqual(
      at('2024-06-15T06:00:00Z'),
    );
    expect(nextActivationRunAt('daily', at('2024-06-15T06:00:00Z'))).toEqual(
      at('2024-06-16T06:00:00Z'),
    );
    expect(nextActivationRunAt('daily', at('2024-12-31T18:00:00Z'))).toEqual(
      at('2025-01-01T06:00:00Z'),
    );
    expect(nextActivationRunAt('manual', new Date())).toBeNull();
    expect(nextActivationRunAt('after_load', new Date())).toBeNull();
  });
});

const SHEET = 'sheet-activations-1';
const ROBOT = 'activations@revlane-test.iam.gserviceaccount.com';

/**
 * The activation routes against the Salesforce and HubSpot sandbox fakes (their describe and
 * properties APIs) and Google Sheets' fake, Dana's organization connected to Salesforce and
 * HubSpot, not to Intercom.
 */
describe('main: activations CRUD and checks', () => {
  let f: LiveOpsFixture;
  let a: ReturnType<typeof activationsClient>;
  let segment: string;
  let cohortId: string;
  let mia: TestUser;
  const fakes = {} as Record<'salesforce' | 'hubspot', FakeProvider>;
  let google: FakeGoogleSheets;

  beforeAll(async () => {
    for (const provider of ['salesforce', 'hubspot'] as const)
      fakes[provider] = await startFakeProvider(provider);
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET,
          title: 'Accounts',
          sharedWith: [ROBOT],
          tabs: [
            { sheetId: 0, title: 'Empty', rows: [] },
            { sheetId: 1, title: 'Kept', rows: [['Account ID', 'Plan']] },
          ],
        },
      ],
    });
    f = await createLiveOpsFixture({
      load: false,
      env: {
        ...crmEnvFor('salesforce', fakes.salesforce),
        ...crmEnvFor('hubspot', fakes.hubspot),
        ...googleSheetsEnvFor(google, ROBOT),
      },
    });
    for (const provider of ['salesforce', 'hubspot'] as const)
      await seedConnection(f.t.app, f.danaOrg, provider, fakes[provider]);
    // Salesforce's API is the instance the token answer names: the fake's.
    await f.t.database.db
      .update(connections)
      .set({ instanceUrl: fakes.salesforce.root })
      .where(eq(connections.provider, 'salesforce'));
    // What jobs.ts registers (a lookup registered twice is kept once).
    registerActivationDependents(f.t.app);
    a = activationsClient(f);
    segment = f.segmentId('All accounts');
    cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'Pro', filters: [] })).id;
    mia = await testUser(f.t, 'mia@acme-demo.example', { email_verified: true });
  });
  afterAll(async () => {
    await f?.close();
    for (const fake of Object.values(fakes)) await fake.close();
    await google?.close();
  });

  const hubspotBody = (): CreateActivationBody => ({
    name: 'Accounts to HubSpot',
    cohortId,
    destination: { provider: 'hubspot', object: 'companies' },
    match: { column: 'id', field: 'revlane_account_id' },
    mode: 'upsert',
    fields: [
      { column: 'plan', field: 'plan' },
      { column: 'mrr', field: 'mrr' },
    ],
  });
  const storedCount = async () => (await f.t.database.db.select().from(activations)).length;
  /** POSTs the body: 400, nothing saved; answers the error paths and the body. */
  const refused = async (body: unknown) => {
    const before = await storedCount();
    const response = await a.call(f.dana, 'POST', ACTIVATIONS_API.list, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(await storedCount()).toBe(before);
    return { paths: errorPaths(response.body), body: response.body };
  };

  it('creates, reads, lists, changes and deletes an activation (its runs would stay)', async () => {
    const created = await a.create(f.dana, { ...hubspotBody(), schedule: 'hourly' });
    expect(created).toMatchObject({
      ...hubspotBody(),
      cohortName: 'Pro',
      schedule: 'hourly',
      onLeave: 'nothing',
      lastRun: null,
    });
    const next = Date.parse(created.nextRunAt!);
    expect(next % 3_600_000).toBe(0);
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(3_600_000);

    expect(await a.read<Activation>(f.dana, ACTIVATIONS_API.activation(created.id))).toEqual(
      created,
    );
    const other = await a.create(f.dana, { ...salesforceAccountsBody(cohortId), name: 'A first' });
    const page = await a.read<ActivationPage>(f.dana, `${ACTIVATIONS_API.list}?sortBy=name`);
    expect(page.items.map((item) => item.id)).toEqual([other.id, created.id]);
    expect(page).toMatchObject({ total: 2, page: 1 });
    const searched = await a.read<ActivationPage>(
      f.dana,
      `${ACTIVATIONS_API.list}?search=hubspot&perPage=1`,
    );
    expect(searched.items.map((item) => item.id)).toEqual([created.id]);
    expect(searched.perPage).toBe(1);

    // A daily schedule runs at 06:00 UTC; a mirror may clear who leaves.
    const patch = await a.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(created.id), {
      name: 'Renamed',
      schedule: 'daily',
      mode: 'mirror',
      onLeave: 'clear',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const changed = patch.json<{ data: Activation }>().data;
    expect(changed).toMatchObject({ name: 'Renamed', mode: 'mirror', onLeave: 'clear' });
    expect(changed.nextRunAt).toMatch(/T06:00:00\.000Z$/);
    const manual = await a.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(created.id), {
      schedule: 'manual',
    });
    expect(manual.json<{ data: Activation }>().data.nextRunAt).toBeNull();

    for (const id of [created.id, other.id])
      expect((await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(id))).statusCode).toBe(204);
    expect((await a.call(f.dana, 'GET', ACTIVATIONS_API.activation(created.id))).statusCode).toBe(
      404,
    );
    expect((await a.read<ActivationPage>(f.dana, ACTIVATIONS_API.list)).items).toEqual([]);
    const [row] = await f.t.database.db
      .select()
      .from(activations)
      .where(eq(activations.id, created.id));
    expect(row).toMatchObject({ cohortId: null, nextRunAt: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  it('names each bad cohort column; the cohort must be the organization’s (404)', async () => {
    const body = salesforceAccountsBody(cohortId);
    const bad = await refused({
      ...body,
      match: { column: 'nope', field: 'Id' },
      fields: [...body.fields, { column: 'wat', field: 'Name' }],
    });
    expect(bad.paths).toEqual(['body.match.column', 'body.fields.1.column']);
    expect(bad.body).toContain('Unknown column nope on accounts');

    const eveCohort = await cohortsClient(f).create(f.eve, f.eveSegmentId('All accounts'), {
      name: 'Eve',
      filters: [],
    });
    for (const id of [eveCohort.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      const response = await a.call(f.dana, 'POST', ACTIVATIONS_API.list, {
        ...body,
        cohortId: id,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Cohort not found');
    }
  });

  it('names each bad destination field in the provider’s terms, nothing saved', async () => {
    const body = salesforceAccountsBody(cohortId);
    const notConnected = await refused({
      ...body,
      destination: { provider: 'intercom', object: 'contacts' },
      match: { column: 'id', field: 'external_id' },
    });
    expect(notConnected.paths).toEqual(['body.destination.provider']);
    expect(notConnected.body).toContain(
      'Intercom is not connected: connect it on the Connections page.',
    );
    const noObject = await refused({
      ...body,
      destination: { provider: 'salesforce', object: 'Nope' },
    });
    expect(noObject.paths).toEqual(['body.destination.object']);
    const sheet = await refused({
      ...body,
      destination: { provider: 'google_sheets', object: 'no-tab' },
    });
    expect(sheet.paths).toEqual(['body.destination.object']);
    expect(sheet.body).toContain('<spreadsheetId>/<tab>');

    const notIdentifying = await refused({
      ...body,
      match: { column: 'id', field: 'Website' },
    });
    expect(notIdentifying.paths).toEqual(['body.match.field']);
    const unknownMatch = await refused({ ...body, match: { column: 'id', field: 'Nope__c' } });
    expect(unknownMatch.paths).toEqual(['body.match.field']);

    const badFields = await refused({
      ...body,
      fields: [
        { column: 'plan', field: 'Nope__c' },
        { column: 'created_at', field: 'LastModifiedDate' },
        { column: 'plan', field: 'Plan__c' },
        { column: 'name', field: 'Plan__c' },
        { column: 'id', field: 'Id' },
      ],
    });
    expect(badFields.paths).toEqual([
      'body.fields.0.field',
      'body.fields.1.field',
      'body.fields.3.field',
      'body.fields.4.field',
    ]);
    expect(badFields.body).toContain('LastModifiedDate is read-only');
    expect(badFields.body).toContain('Plan__c is mapped twice');
    expect(badFields.body).toContain('Id is the match field');
  });

  it('acts on who leaves only in a mirror; upsert and mirror cannot create by the record id', async () => {
    const body = salesforceAccountsBody(cohortId);
    const clear = await refused({ ...body, onLeave: 'clear' });
    expect(clear.paths).toEqual(['body.onLeave']);
    const upsertById = await refused({ ...body, mode: 'upsert' });
    expect(upsertById.paths).toEqual(['body.match.field']);
    expect(upsertById.body).toContain('Salesforce assigns Id itself');
    const mirrorById = await refused({
      ...hubspotBody(),
      mode: 'mirror',
      match: { column: 'id', field: 'hs_object_id' },
    });
    expect(mirrorById.paths).toEqual(['body.match.field']);
    // By an external id, Salesforce creates records.
    const upsert = await a.create(f.dana, {
      ...body,
      mode: 'mirror',
      onLeave: 'delete',
      match: { column: 'id', field: 'Revlane_Account_Id__c' },
    });
    expect(upsert.match.field).toBe('Revlane_Account_Id__c');

    // A change is merged and checked again: nothing of it is saved when refused.
    const change = await a.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(upsert.id), {
      name: 'Changed',
      match: { column: 'id', field: 'Id' },
    });
    expect(change.statusCode).toBe(400);
    expect(errorPaths(change.body)).toEqual(['body.match.field']);
    const update = await a.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(upsert.id), {
      mode: 'update',
    });
    expect(errorPaths(update.body)).toEqual(['body.onLeave']);
    const stored = await a.read<Activation>(f.dana, ACTIVATIONS_API.activation(upsert.id));
    expect(stored).toMatchObject({ name: body.name, mode: 'mirror', onLeave: 'delete' });
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(upsert.id));
  });

  it('answers a destination’s objects and an object’s fields for the editor', async () => {
    const objects = await a.read<DestinationObject[]>(
      f.dana,
      ACTIVATIONS_API.objects('salesforce'),
    );
    expect(objects.map((object) => object.name)).toEqual(
      expect.arrayContaining(['Account', 'Contact', 'Lead']),
    );
    const fields = await a.read<DestinationField[]>(
      f.dana,
      ACTIVATIONS_API.fields('salesforce', 'Account'),
    );
    expect(fields.find((field) => field.name === 'Id')).toMatchObject({
      identifying: true,
      writable: false,
    });
    expect(fields.find((field) => field.name === 'Plan__c')).toMatchObject({ writable: true });
    // Members read them too (the editor shows them).
    const companies = await a.read<DestinationField[]>(
      mia,
      ACTIVATIONS_API.fields('hubspot', 'companies'),
    );
    expect(companies.find((field) => field.name === 'hs_object_id')?.identifying).toBe(true);

    const unknown = await a.call(f.dana, 'GET', ACTIVATIONS_API.fields('salesforce', 'Nope'));
    expect(unknown.statusCode).toBe(404);
    const intercom = await a.call(f.dana, 'GET', ACTIVATIONS_API.objects('intercom'));
    expect(intercom.statusCode).toBe(400);
    expect(intercom.json<{ message: string }>().message).toBe(
      'Intercom is not connected: connect it on the Connections page.',
    );
    const noSuchProvider = await a.call(f.dana, 'GET', ACTIVATIONS_API.objects('outreach'));
    expect(errorPaths(noSuchProvider.body)).toEqual(['params.provider']);
  });

  it('a Google sheet is <spreadsheetId>/<tab>; an empty tab takes any column names', async () => {
    const empty = `${SHEET}/Empty`;
    expect(
      await a.read<DestinationField[]>(f.dana, ACTIVATIONS_API.fields('google_sheets', empty)),
    ).toEqual([]);
    const body: CreateActivationBody = {
      name: 'Accounts sheet',
      cohortId,
      destination: { provider: 'google_sheets', object: empty },
      match: { column: 'id', field: 'Account ID' },
      mode: 'upsert',
      fields: [{ column: 'plan', field: 'Plan' }],
    };
    const created = await a.create(f.dana, body);
    expect(created.destination.object).toBe(empty);
    const twice = await refused({
      ...body,
      fields: [...body.fields, { column: 'mrr', field: 'Plan' }],
    });
    expect(twice.paths).toEqual(['body.fields.1.field']);
    // A tab with a header offers its columns.
    const kept = await a.read<DestinationField[]>(
      f.dana,
      ACTIVATIONS_API.fields('google_sheets', `${SHEET}/Kept`),
    );
    expect(kept.map((field) => field.name)).toEqual(['Account ID', 'Plan']);
    const unknown = await refused({
      ...body,
      destination: { provider: 'google_sheets', object: `${SHEET}/Kept` },
      fields: [{ column: 'plan', field: 'Nope' }],
    });
    expect(unknown.paths).toEqual(['body.fields.0.field']);
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(created.id));
  });

  it('editing is admin-only: a member reads activations but gets 403 on every write', async () => {
    const activation = await a.create(f.dana, salesforceAccountsBody(cohortId));
    const list = await a.read<ActivationPage>(mia, ACTIVATIONS_API.list);
    expect(list.items.map((item) => item.id)).toContain(activation.id);
    expect((await a.read<Activation>(mia, ACTIVATIONS_API.activation(activation.id))).id).toBe(
      activation.id,
    );
    const attempts = [
      ['POST', ACTIVATIONS_API.list, salesforceAccountsBody(cohortId)],
      ['PATCH', ACTIVATIONS_API.activation(activation.id), { name: 'Renamed' }],
      ['DELETE', ACTIVATIONS_API.activation(activation.id), undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const response = await a.call(mia, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/^Only admins may /);
    }
    const budgets = await a.put(mia, ACTIVATIONS_API.budgets, { salesforce: 10 });
    expect(budgets.statusCode).toBe(403);
    expect((await a.read<Activation>(f.dana, ACTIVATIONS_API.activation(activation.id))).name).toBe(
      activation.name,
    );
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(activation.id));
  });

  it('another organization’s activation is a 404', async () => {
    const mine = await a.create(f.dana, salesforceAccountsBody(cohortId));
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await a.call(
        f.eve,
        method,
        ACTIVATIONS_API.activation(mine.id),
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect((await a.read<ActivationPage>(f.eve, ACTIVATIONS_API.list)).total).toBe(0);
    expect((await a.read<Activation>(f.dana, ACTIVATIONS_API.activation(mine.id))).name).toBe(
      mine.name,
    );
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(mine.id));
  });

  it('a cohort with activations is not deleted (409 naming them)', async () => {
    const cohort = await cohortsClient(f).create(f.dana, segment, { name: 'Used', filters: [] });
    const activation = await a.create(f.dana, {
      ...salesforceAccountsBody(cohort.id),
      name: 'Uses it',
    });
    const blocked = await cohortsClient(f).remove(f.dana, segment, cohort.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<{ errors: unknown[] }>().errors).toEqual([
      { path: `activation:${activation.id}`, message: 'Uses it' },
    ]);
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(activation.id));
    expect((await cohortsClient(f).remove(f.dana, segment, cohort.id)).statusCode).toBe(204);
  });

  it('a disconnect lists the activations writing through the connection', async () => {
    const activation = await a.create(f.dana, { ...hubspotBody(), name: 'Through HubSpot' });
    const dependents = await f.inject(f.dana, {
      method: 'GET',
      url: `${COMPOSER}/${CONNECTIONS_API.dependents('hubspot')}`,
    });
    expect(dependents.statusCode, dependents.body).toBe(200);
    expect(dependents.json<{ data: unknown[] }>().data).toEqual([
      { kind: 'activation', id: activation.id, name: 'Through HubSpot' },
    ]);
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(activation.id));
  });

  it('forgets what was sent when the activation writes to other records or is deleted', async () => {
    const { engine } = f.t.app.warehouse;
    const activation = await a.create(f.dana, salesforceAccountsBody(cohortId));
    const sent = async () => {
      await recordActivationOutcomes(engine, f.danaOrg, activation.id, [
        {
          key: 'acc-1',
          status: 'succeeded',
          removed: false,
          hash: 'h1',
          values: { Description: 'pro' },
          destinationId: '001SBX000001',
        },
      ]);
      expect(await readActivationStateCount(engine, f.danaOrg, activation.id)).toBe(1);
    };
    const patch = (change: object) =>
      a.call(f.dana, 'PATCH', ACTIVATIONS_API.activation(activation.id), change);
    await sent();
    // Its name, schedule or mapped fields: what was sent still describes the records.
    await patch({
      name: 'Renamed',
      schedule: 'hourly',
      fields: [{ column: 'mrr', field: 'MRR__c' }],
    });
    expect(await readActivationStateCount(engine, f.danaOrg, activation.id)).toBe(1);
    const other = await cohortsClient(f).create(f.dana, segment, { name: 'Other', filters: [] });
    const changes: object[] = [
      { match: { column: 'id', field: 'Revlane_Account_Id__c' } },
      {
        destination: { provider: 'salesforce', object: 'Contact' },
        match: { column: 'id', field: 'Id' },
        fields: [],
      },
      { cohortId: other.id },
    ];
    for (const change of changes) {
      await sent();
      const response = await patch(change);
      expect(response.statusCode, response.body).toBe(200);
      expect(await readActivationStateCount(engine, f.danaOrg, activation.id)).toBe(0);
    }
    await sent();
    await a.call(f.dana, 'DELETE', ACTIVATIONS_API.activation(activation.id));
    expect(await readActivationStateCount(engine, f.danaOrg, activation.id)).toBe(0);
  });

  it('keeps daily API budgets per provider; null removes one', async () => {
    const none = { salesforce: null, hubspot: null, intercom: null, google_sheets: null };
    expect(await a.read<ActivationBudgets>(mia, ACTIVATIONS_API.budgets)).toEqual(none);
    const set = await a.put(f.dana, ACTIVATIONS_API.budgets, { salesforce: 5000, hubspot: 100 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: ActivationBudgets }>().data).toEqual({
      ...none,
      salesforce: 5000,
      hubspot: 100,
    });
    const removed = await a.put(f.dana, ACTIVATIONS_API.budgets, { hubspot: null, intercom: 7 });
    expect(removed.json<{ data: ActivationBudgets }>().data).toEqual({
      ...none,
      salesforce: 5000,
      intercom: 7,
    });
    const bad = await a.put(f.dana, ACTIVATIONS_API.budgets, { salesforce: 0, outreach: 5 });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.salesforce', 'body.outreach']);
    expect(await a.read<ActivationBudgets>(f.eve, ACTIVATIONS_API.budgets)).toEqual(none);
  });
});
