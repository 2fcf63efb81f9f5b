import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { connections, organizations } from '../../platform/database/schema/index.js';
import {
  crmEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../services/composer/__tests__/fake-provider.js';
import { sessionsOfRun } from '../core/connected-session.js';
import {
  DestinationRetry,
  type Destination,
  type DestinationBatch,
  type DestinationChange,
  type DestinationContext,
  type DestinationResult,
} from '../core/destination.js';
import { salesforceDestination } from './salesforce-destination.js';
import { salesforceSandboxOf, type SalesforceSandbox } from './salesforce-fake.js';

const KEY = 'Revlane_Account_Id__c';
/** A key SOQL must escape: a quote and a backslash. */
const QUOTED = "o'ne\\il";

/** A batch's context as the run engine gives it, counting its calls; the checkpoint in memory. */
function contextOf(options: { onCheckpoint?: () => void; onHeartbeat?: () => void } = {}) {
  const seen = { paced: 0, heartbeats: 0, checkpoints: [] as string[] };
  let saved: string | null = null;
  const context: DestinationContext = {
    pace: () => {
      seen.paced += 1;
      return Promise.resolve();
    },
    heartbeat: () => {
      seen.heartbeats += 1;
      options.onHeartbeat?.();
      return Promise.resolve();
    },
    checkpoint: {
      read: () => Promise.resolve(saved),
      write: (value) => {
        saved = value;
        seen.checkpoints.push(value);
        options.onCheckpoint?.();
        return Promise.resolve();
      },
    },
  };
  return { context, seen };
}

const change = (key: string, values: Record<string, string | null>): DestinationChange => ({
  key,
  destinationId: null,
  values,
});

const byKey = (results: DestinationResult[]) => new Map(results.map((r) => [r.key, r]));

/**
 * The Salesforce destination of activations (ADR 0033) through jsforce against the sandbox
 * fake on its own port, over a seeded connection: describe, sObject Collections for small
 * batches, Bulk API 2.0 jobs for large ones (checkpointed, so a resumed batch looks its job
 * up), and 429s handed back as `DestinationRetry`.
 */
describe('Salesforce destination', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let sandbox: SalesforceSandbox;
  let destination: Destination;
  const orgId = randomUUID();
  const batchOf = (
    operation: DestinationBatch['operation'],
    changes: DestinationChange[],
    matchField = KEY,
    object = 'Account',
  ): DestinationBatch => ({
    orgId,
    object,
    matchField,
    operation,
    changes,
    fields: [...new Set(changes.flatMap((c) => Object.keys(c.values)))],
  });
  const accountOf = (key: string) => sandbox.rows('Account')!.filter((row) => row[KEY] === key);

  beforeAll(async () => {
    fake = await startFakeProvider('salesforce');
    sandbox = salesforceSandboxOf(fake.oauth);
    t = await createTestApp({ env: crmEnvFor('salesforce', fake) });
    await t.app.db.insert(organizations).values({ id: orgId, name: 'Acme' });
    await seedConnection(t.app, orgId, 'salesforce', fake);
    await t.app.db
      .update(connections)
      .set({ instanceUrl: fake.root })
      .where(eq(connections.orgId, orgId));
    destination = salesforceDestination(sessionsOfRun(t.app), { pollIntervalMs: 10 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('offers Account, Contact, Lead and custom objects, with their fields as describe says', async () => {
    const objects = await destination.objects(orgId);
    expect(objects.map((o) => o.name).sort()).toEqual([
      'Account',
      'Contact',
      'Lead',
      'Workspace__c',
    ]);
    const fields = new Map((await destination.fields(orgId, 'Account'))!.map((f) => [f.name, f]));
    expect(fields.get(KEY)).toMatchObject({ type: 'string', identifying: true, writable: true });
    expect(fields.get('MRR__c')).toMatchObject({
      type: 'currency',
      identifying: false,
      writable: true,
    });
    expect(fields.get('PQL__c')).toMatchObject({ type: 'boolean', writable: true });
    expect(fields.get('Id')).toMatchObject({ type: 'id', identifying: true, writable: false });
    expect(fields.get('LastModifiedDate')).toMatchObject({ writable: false });
    const contact = await destination.fields(orgId, 'Contact');
    expect(contact!.filter((f) => f.identifying).map((f) => f.name)).toEqual([
      'Id',
      'Email',
      'Revlane_User_Id__c',
    ]);
    expect(await destination.fields(orgId, 'Nothing__c')).toBeNull();
  });

  it('upserts through sObject Collections: created, then updated; a missing Name fails alone', async () => {
    expect(destination.batchSize(2_000)).toBe(200);
    const { context, seen } = contextOf();
    const first = byKey(
      await destination.write(
        batchOf('upsert', [
          change('acc-1', { Name: 'Acme', MRR__c: '99.5', PQL__c: 'true', Plan__c: 'Pro' }),
          change('acc-2', { Name: 'Bolt', MRR__c: '10', PQL__c: 'false', Plan__c: null }),
          change('acc-3', { MRR__c: '5' }),
          change(QUOTED, { Name: 'Quoted', Plan__c: 'Free' }),
        ]),
        context,
      ),
    );
    expect(first.get('acc-1')).toMatchObject({ ok: true, answer: 'created' });
    expect(first.get('acc-2')).toMatchObject({ ok: true, answer: 'created' });
    expect(first.get('acc-3')).toMatchObject({ ok: false, destinationId: null });
    expect(first.get('acc-3')!.answer).toMatch(
      /REQUIRED_FIELD_MISSING: Required fields are missing: \[Name\]/,
    );
    expect(accountOf('acc-3')).toEqual([]);
    expect(accountOf('acc-1')[0]).toMatchObject({ Name: 'Acme', MRR__c: '99.5', PQL__c: true });
    // One collection call, paced (fields() above read the describe, kept for the session).
    expect(seen.paced).toBe(1);

    const { context: again } = contextOf();
    const second = byKey(
      await destination.write(
        batchOf('upsert', [change('acc-1', { MRR__c: '120', Plan__c: null })]),
        again,
      ),
    );
    expect(second.get('acc-1')).toEqual({
      key: 'acc-1',
      ok: true,
      destinationId: first.get('acc-1')!.destinationId,
      answer: 'updated',
    });
    expect(accountOf('acc-1')[0]).toMatchObject({ Name: 'Acme', MRR__c: '120', Plan__c: null });
    expect(sandbox.writesOf('Account', 'acc-1')).toBe(2);

    const read = await destination.read(
      orgId,
      'Account',
      KEY,
      ['acc-1', 'ACC-2', QUOTED, 'missing'],
      ['MRR__c', 'PQL__c', 'Plan__c'],
      contextOf().context,
    );
    expect(Object.fromEntries(read)).toEqual({
      'acc-1': {
        destinationId: first.get('acc-1')!.destinationId,
        values: { MRR__c: '120', PQL__c: 'true', Plan__c: null },
      },
      // SOQL matches text whatever its case, as Salesforce does.
      'ACC-2': {
        destinationId: first.get('acc-2')!.destinationId,
        values: { MRR__c: '10', PQL__c: 'false', Plan__c: null },
      },
      [QUOTED]: {
        destinationId: first.get(QUOTED)!.destinationId,
        values: { MRR__c: null, PQL__c: 'false', Plan__c: 'Free' },
      },
    });
  });

  it('updates existing records only: an unknown key fails and nothing is created', async () => {
    await destination.write(
      batchOf('upsert', [change('upd-1', { Name: 'Upd', Plan__c: 'Free' })]),
      contextOf().context,
    );
    const results = byKey(
      await destination.write(
        batchOf('update', [
          change('upd-1', { Plan__c: 'Team' }),
          change('nobody', { Plan__c: 'Team' }),
        ]),
        contextOf().context,
      ),
    );
    expect(results.get('upd-1')).toMatchObject({ ok: true, answer: 'updated' });
    expect(results.get('nobody')).toEqual({
      key: 'nobody',
      ok: false,
      destinationId: null,
      answer: 'No Account with Revlane_Account_Id__c = nobody',
    });
    expect(accountOf('upd-1')[0]).toMatchObject({ Plan__c: 'Team' });
    expect(accountOf('nobody')).toEqual([]);
    expect(sandbox.writesOf('Account', 'nobody')).toBe(0);

    // On Id an upsert updates only, and says so for an id Salesforce does not have.
    const id = accountOf('upd-1')[0]!.Id as string;
    const onId = byKey(
      await destination.write(
        batchOf(
          'upsert',
          [change(id, { Plan__c: 'Enterprise' }), change('001SBX999999999', { Plan__c: 'x' })],
          'Id',
        ),
        contextOf().context,
      ),
    );
    expect(onId.get(id)).toMatchObject({ ok: true, destinationId: id, answer: 'updated' });
    expect(onId.get('001SBX999999999')!.ok).toBe(false);
    expect(onId.get('001SBX999999999')!.answer).toMatch(/an upsert on Id updates only/);

    // An upsert needs an external id to match on: Email is an id lookup only.
    await expect(
      destination.write(
        batchOf('upsert', [change('a@b.example', { LastName: 'B' })], 'Email', 'Contact'),
        contextOf().context,
      ),
    ).rejects.toThrow(/Email is not an external id field/);

    // A delete by the id an earlier run learnt; one already gone counts as done.
    const deleted = byKey(
      await destination.write(
        batchOf('delete', [
          { key: 'upd-1', destinationId: id, values: { Plan__c: null } },
          { key: 'gone', destinationId: null, values: { Plan__c: null } },
        ]),
        contextOf().context,
      ),
    );
    expect(deleted.get('upd-1')).toMatchObject({ ok: true, answer: 'deleted' });
    expect(deleted.get('gone')).toMatchObject({ ok: true, answer: 'not found' });
    expect(accountOf('upd-1')).toEqual([]);
  });

  it('sends 2,500 records as one Bulk API 2.0 job and maps its results back to the keys', async () => {
    expect(destination.batchSize(2_500)).toBe(10_000);
    const jobsBefore = sandbox.jobs().length;
    const keys = Array.from({ length: 2_500 }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
    const changes = keys.map((key, i) =>
      change(key, {
        // One record has no name, and a name with a comma and quotes survives the CSV.
        Name: i === 7 ? null : i === 8 ? 'Quote "Co", Ltd' : `Bulk ${i}`,
        Health_Score__c: String(i % 100),
        PQL__c: i % 2 === 0 ? 'true' : 'false',
      }),
    );
    const { context, seen } = contextOf();
    const results = byKey(await destination.write(batchOf('upsert', changes), context));
    expect(results.size).toBe(2_500);
    expect([...results.values()].filter((r) => r.ok && r.answer === 'created')).toHaveLength(2_499);
    expect(results.get('bulk-0007')).toMatchObject({ ok: false });
    expect(results.get('bulk-0007')!.answer).toMatch(/^REQUIRED_FIELD_MISSING:/);
    expect(results.get('bulk-0008')!.destinationId).toBe(accountOf('bulk-0008')[0]!.Id);
    expect(accountOf('bulk-0008')[0]).toMatchObject({ Name: 'Quote "Co", Ltd', PQL__c: true });
    expect(sandbox.jobs()).toHaveLength(jobsBefore + 1);
    expect(sandbox.jobs().at(-1)).toMatchObject({
      operation: 'upsert',
      externalIdFieldName: KEY,
      state: 'JobComplete',
      numberRecordsProcessed: 2_500,
      numberRecordsFailed: 1,
    });
    expect(seen.checkpoints).toEqual([sandbox.jobs().at(-1)!.id]);
    expect(seen.heartbeats).toBeGreaterThan(0);

    // An update of 300 of them (and one unknown key): Ids found by SOQL, then a Bulk update.
    const update = [...keys.slice(0, 300), 'bulk-none'].map((key) =>
      change(key, { Plan__c: 'Bulk plan', Health_Score__c: null }),
    );
    const updated = byKey(await destination.write(batchOf('update', update), contextOf().context));
    expect(updated.get('bulk-0001')).toMatchObject({ ok: true, answer: 'updated' });
    expect(updated.get('bulk-none')).toMatchObject({
      ok: false,
      answer: `No Account with ${KEY} = bulk-none`,
    });
    // A clear goes as Bulk 2.0's #N/A: the field is null.
    expect(accountOf('bulk-0002')[0]).toMatchObject({
      Plan__c: 'Bulk plan',
      Health_Score__c: null,
    });
    expect(sandbox.jobs().at(-1)).toMatchObject({
      operation: 'update',
      numberRecordsProcessed: 299,
    });
  });

  it('looks a checkpointed job up after a crash: each record is written once', async () => {
    sandbox.bulk.stepMs = 300;
    const changes = Array.from({ length: 250 }, (_, i) =>
      change(`crash-${i}`, { Name: `Crash ${i}` }),
    );
    // The worker dies at its first heartbeat: the job was uploaded and closed.
    const crashed = contextOf({
      onHeartbeat: () => {
        throw new Error('worker killed');
      },
    });
    await expect(destination.write(batchOf('upsert', changes), crashed.context)).rejects.toThrow(
      'worker killed',
    );
    const jobs = sandbox.jobs().length;
    expect(sandbox.jobs().at(-1)!.state).toBe('UploadComplete');
    const resumed = contextOf();
    await resumed.context.checkpoint.write(crashed.seen.checkpoints[0]!);
    const results = await destination.write(batchOf('upsert', changes), resumed.context);
    expect(results.filter((r) => r.ok && r.answer === 'created')).toHaveLength(250);
    expect(sandbox.jobs()).toHaveLength(jobs);
    expect(changes.map((c) => sandbox.writesOf('Account', c.key))).toEqual(changes.map(() => 1));

    // A crash before the upload leaves the job Open: it is aborted and a new one sent.
    const beforeUpload = contextOf({
      onCheckpoint: () => {
        throw new Error('worker killed');
      },
    });
    const more = changes.map((c) => change(c.key.replace('crash', 'open'), c.values));
    await expect(destination.write(batchOf('upsert', more), beforeUpload.context)).rejects.toThrow(
      'worker killed',
    );
    const open = sandbox.jobs().at(-1)!;
    expect(open.state).toBe('Open');
    const retried = contextOf();
    await retried.context.checkpoint.write(open.id);
    sandbox.bulk.stepMs = 25;
    const sent = await destination.write(batchOf('upsert', more), retried.context);
    expect(sent.filter((r) => r.ok)).toHaveLength(250);
    expect(sandbox.jobs().find((job) => job.id === open.id)!.state).toBe('Aborted');
    expect(sandbox.jobs()).toHaveLength(jobs + 2);
    expect(more.map((c) => sandbox.writesOf('Account', c.key))).toEqual(more.map(() => 1));
  });

  it('hands a 429 back as DestinationRetry with its Retry-After, having written nothing', async () => {
    fake.oauth.throttleNext = 1;
    const failure = await destination
      .write(batchOf('upsert', [change('limited', { Name: 'Limited' })]), contextOf().context)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DestinationRetry);
    expect(failure).toMatchObject({ retryAfterSeconds: 1 });
    expect((failure as Error).message).toMatch(/TotalRequests Limit exceeded/);
    expect(accountOf('limited')).toEqual([]);
  });

  it('hands a network failure back as DestinationRetry', async () => {
    const offline = randomUUID();
    await t.app.db.insert(organizations).values({ id: offline, name: 'Offline' });
    await seedConnection(t.app, offline, 'salesforce', fake);
    await t.app.db
      .update(connections)
      .set({ instanceUrl: 'http://127.0.0.1:9' })
      .where(eq(connections.orgId, offline));
    await expect(
      destination.write(
        { ...batchOf('upsert', [change('x', { Name: 'X' })]), orgId: offline },
        contextOf().context,
      ),
    ).rejects.toBeInstanceOf(DestinationRetry);
  });

  it('keeps decimals exact: the text sent is the text Salesforce holds', async () => {
    const results = byKey(
      await destination.write(
        batchOf('upsert', [
          change('exact-1', { Name: 'Exact', MRR__c: '1234567890123456.78' }),
          // A currency holds 18 digits, 2 after the point: Salesforce refuses more.
          change('exact-2', { Name: 'Too big', MRR__c: '12345678901234567.89' }),
        ]),
        contextOf().context,
      ),
    );
    expect(results.get('exact-1')!.ok).toBe(true);
    expect(accountOf('exact-1')[0]!.MRR__c).toBe('1234567890123456.78');
    expect(results.get('exact-2')!.answer).toMatch(/^NUMBER_OUTSIDE_VALID_RANGE: MRR/);
    // Through Bulk 2.0 too.
    const many = Array.from({ length: 201 }, (_, i) =>
      change(`exact-bulk-${i}`, { Name: 'Exact', MRR__c: `${i}000000000000.01` }),
    );
    await destination.write(batchOf('upsert', many), contextOf().context);
    expect(accountOf('exact-bulk-200')[0]!.MRR__c).toBe('200000000000000.01');
  });
});
