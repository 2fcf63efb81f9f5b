import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_API, type PlayActionInput, type PlayRunDetail } from '@revlane/contracts';
import { cohortsClient } from '../../../live-ops/__tests__/cohorts-test-client.js';
import {
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../../live-ops/__tests__/live-ops-fixture.js';
import {
  crmEnvFor,
  googleSheetsEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';
import { connections, playRunItems } from '../../../../platform/database/schema/index.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
} from '../../../../integrations/google-sheets/google-sheets-fake.js';
import { playRunDeps } from '../runs/play-run-deps.js';
import { runPlay } from '../runs/run-play.js';
import { recordRun } from '../runs/runs.repository.js';
import { playsClient } from './plays-client.js';

const SHEET = 'sheet-plays-1';
const READ_ONLY_SHEET = 'sheet-plays-readonly';
const ROBOT = 'plays@revlane-test.iam.gserviceaccount.com';

type TestRecord = Record<string, string>;

/**
 * The four CRM / sheet senders of plays (ADR 0024) through their real client libraries against
 * the sandbox fakes: one run per provider whose first item meets a 429 then succeeds and whose
 * other item fails for good (the run ends partial); the same items sent again (a crash after
 * the provider accepted) create nothing new.
 */
describe('plays: Salesforce, HubSpot, Outreach and Google Sheets senders, exactly once', () => {
  let f: LiveOpsFixture;
  let p: ReturnType<typeof playsClient>;
  let cohortId: string;
  const fakes = {} as Record<'salesforce' | 'hubspot' | 'outreach', FakeProvider>;
  let google: FakeGoogleSheets;

  beforeAll(async () => {
    for (const provider of ['salesforce', 'hubspot', 'outreach'] as const)
      fakes[provider] = await startFakeProvider(provider);
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET,
          title: 'Leads',
          sharedWith: [ROBOT],
          tabs: [{ sheetId: 0, title: 'Leads', rows: [] }],
        },
        {
          spreadsheetId: READ_ONLY_SHEET,
          title: 'Viewer only',
          sharedWith: [ROBOT],
          editors: [],
          tabs: [{ sheetId: 0, title: 'Leads', rows: [] }],
        },
      ],
    });
    f = await createLiveOpsFixture({
      load: false,
      env: {
        ...crmEnvFor('salesforce', fakes.salesforce),
        ...crmEnvFor('hubspot', fakes.hubspot),
        ...crmEnvFor('outreach', fakes.outreach),
        ...googleSheetsEnvFor(google, ROBOT),
      },
    });
    p = playsClient(f);
    const segment = f.segmentId('All accounts');
    cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'All', filters: [] })).id;
    for (const provider of ['salesforce', 'hubspot', 'outreach'] as const)
      await seedConnection(f.t.app, f.danaOrg, provider, fakes[provider]);
    await f.t.database.db
      .update(connections)
      .set({ instanceUrl: fakes.salesforce.root })
      .where(eq(connections.provider, 'salesforce'));
  });
  afterAll(async () => {
    await f?.close();
    for (const fake of Object.values(fakes)) await fake.close();
    await google?.close();
  });

  /** A draft play with these actions, and a run of it over `records` sent one item at a time. */
  async function runOnce(actions: PlayActionInput[], records: TestRecord[]) {
    const play = await p.create(f.dana, {
      name: `Senders ${actions[0]!.type}`,
      trigger: { type: 'cohort_entered', cohortId },
      actions,
    });
    const to = new Date();
    const items = records.flatMap((record) =>
      play.actions.map((action, position) => ({
        orgId: f.danaOrg,
        playId: play.id,
        actionId: action.id,
        actionType: action.type,
        position,
        recordId: record.id!,
        record,
        idempotencyKey: `${play.id}:${action.id}:${record.id}:${to.toISOString()}`,
      })),
    );
    const step = {
      orgId: f.danaOrg,
      playId: play.id,
      from: null,
      to,
      trigger: 'cohort_entered' as const,
    };
    const runId = (await recordRun(f.t.database.db, step, items, records.length))!;
    const deps = { ...playRunDeps(f.t.app, f.t.app.log), concurrency: 1 };
    await runPlay(deps, runId);
    const detail = await p.read<PlayRunDetail>(f.dana, PLAYS_API.run(play.id, runId));
    /** A worker killed after the providers accepted: every item pending again, resent. */
    const resend = async () => {
      await f.t.database.db
        .update(playRunItems)
        .set({ status: 'pending', claimedUntil: null })
        .where(eq(playRunItems.runId, runId));
      await runPlay({ ...playRunDeps(f.t.app, f.t.app.log), concurrency: 1 }, runId);
      return p.read<PlayRunDetail>(f.dana, PLAYS_API.run(play.id, runId));
    };
    const keyOf = (item: { actionId: string; recordId: string }) =>
      `${play.id}:${item.actionId}:${item.recordId}:${to.toISOString()}`;
    return { play, detail, resend, keyOf };
  }

  const task = (type: 'salesforce_task' | 'hubspot_task'): PlayActionInput => ({
    type,
    subject: 'Call {{account.name}}',
    description: 'Entered the cohort',
    dueInDays: 3,
  });

  it.each([
    [
      'salesforce_task' as const,
      'upserts a Task on Revlane_Key__c (OwnerId, ActivityDate, WhatId)',
      {
        records: [
          { id: '001SBX000001', name: 'Acme', owner_id: '005SBX000001' },
          { id: '001SBX000002', name: 'Bolt', owner_id: '005SBX999999' },
        ],
        succeeded: { externalId: '00TSBX000001' },
        unknownOwner: /INVALID_CROSS_REFERENCE_KEY/,
        kind: 'Task',
        fieldsOf: (body: unknown) => body,
        sent: (key: string) => ({
          Subject: 'Call Acme',
          OwnerId: '005SBX000001',
          ActivityDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          WhatId: '001SBX000001',
          Revlane_Key__c: key,
        }),
      },
    ],
    [
      'hubspot_task' as const,
      'searches revlane_key then creates (hubspot_owner_id, hs_timestamp)',
      {
        records: [
          { id: 'a-1', name: 'Acme', owner_id: '31000001' },
          { id: 'a-2', name: 'Bolt', owner_id: '999' },
        ],
        succeeded: {},
        unknownOwner: /HubSpot 400: .*not a valid owner id/,
        kind: 'task',
        fieldsOf: (body: unknown) => (body as { properties: object }).properties,
        sent: (key: string) => ({
          hs_task_subject: 'Call Acme',
          hubspot_owner_id: '31000001',
          revlane_key: key,
        }),
      },
    ],
  ])(
    '%s: %s; a 429 is waited; an unknown owner fails; a resend creates nothing',
    async (type, _does, { records, succeeded, unknownOwner, kind, fieldsOf, sent }) => {
      const fake = fakes[type === 'salesforce_task' ? 'salesforce' : 'hubspot'];
      fake.oauth.throttleNext = 1;
      const { detail, resend, keyOf } = await runOnce([task(type)], records);
      expect(detail, JSON.stringify(detail.items)).toMatchObject({
        status: 'partial',
        counts: { succeeded: 1, failed: 1 },
      });
      const [good, bad] = detail.items;
      expect(good).toMatchObject({ status: 'succeeded', attempts: 2, ...succeeded });
      expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
      expect(bad!.error).toMatch(unknownOwner);
      const created = () => fake.oauth.received.filter((entry) => entry.kind === kind);
      expect(created()).toHaveLength(1);
      expect(fieldsOf(created()[0]!.body)).toMatchObject(sent(keyOf(good!)));
      const again = await resend();
      expect(created()).toHaveLength(1);
      expect(again.items[0]).toMatchObject({ status: 'succeeded', externalId: good!.externalId });
    },
  );

  it('merged records (ADR 0032): a product account’s task lands on its CRM account', async () => {
    // A product account joined to Salesforce and HubSpot carries their ids as columns.
    const merged = {
      id: 'p-7',
      name: 'Acme',
      salesforce_id: '001SBX000003',
      hubspot_id: '91000002',
    };
    const sf = await runOnce([task('salesforce_task')], [{ ...merged, owner_id: '005SBX000001' }]);
    expect(sf.detail.items[0]).toMatchObject({ status: 'succeeded' });
    const sfTask = fakes.salesforce.oauth.received.filter((entry) => entry.kind === 'Task').at(-1);
    expect(sfTask!.body).toMatchObject({ WhatId: '001SBX000003', OwnerId: '005SBX000001' });
    const hs = await runOnce([task('hubspot_task')], [{ ...merged, owner_id: '31000001' }]);
    expect(hs.detail.items[0]).toMatchObject({ status: 'succeeded' });
    const hsTask = fakes.hubspot.oauth.received.filter((entry) => entry.kind === 'task').at(-1);
    expect(hsTask!.body).toMatchObject({
      associations: {
        companies: { results: [{ id: '91000002' }] },
      },
    });
  });

  it('outreach_sequence: finds or creates the prospect, adds it to the sequence; a 429 is waited; no such sequence fails; "already in sequence" is done', async () => {
    const fake = fakes.outreach;
    fake.oauth.throttleNext = 1;
    const { detail, resend } = await runOnce(
      [
        { type: 'outreach_sequence', sequenceId: '1', email: 'buyer@{{account.domain}}' },
        { type: 'outreach_sequence', sequenceId: '99', email: 'buyer@{{account.domain}}' },
      ],
      [{ id: 'a-1', name: 'Acme', domain: 'acme.example' }],
    );
    expect(detail, JSON.stringify(detail.items)).toMatchObject({
      status: 'partial',
      counts: { succeeded: 1, failed: 1 },
    });
    const [good, bad] = detail.items;
    expect(good).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(bad).toMatchObject({ status: 'failed', error: 'Outreach 422: Sequence must exist.' });
    const kinds = () => fake.oauth.received.map((entry) => entry.kind);
    expect(kinds().filter((kind) => kind === 'prospect.created')).toHaveLength(1);
    expect(kinds().filter((kind) => kind === 'sequenceState.created')).toHaveLength(1);
    const again = await resend();
    expect(kinds().filter((kind) => kind === 'prospect.created')).toHaveLength(1);
    expect(kinds().filter((kind) => kind === 'sequenceState.created')).toHaveLength(1);
    expect(again.items[0]).toMatchObject({ status: 'succeeded', externalId: good!.externalId });
  });

  it('google_sheet_append: appends the mapped columns and the key (headers first); a 429 is waited; a viewer-only sheet fails; a resend finds its row', async () => {
    google.throttle(1, 1);
    const columns = [
      { header: 'Account', value: '{{account.name}}' },
      { header: 'Domain', value: '{{account.domain}}' },
    ];
    const { detail, resend, keyOf } = await runOnce(
      [
        { type: 'google_sheet_append', spreadsheetId: SHEET, tab: 'Leads', columns },
        { type: 'google_sheet_append', spreadsheetId: READ_ONLY_SHEET, tab: 'Leads', columns },
      ],
      [
        { id: 'a-1', name: 'Acme', domain: 'acme.example' },
        { id: 'a-2', name: 'Bolt', domain: 'bolt.example' },
      ],
    );
    expect(detail).toMatchObject({ status: 'partial', counts: { succeeded: 2, failed: 2 } });
    const mine = detail.items.filter((item) => item.actionId === detail.items[0]!.actionId);
    expect(mine.map((item) => item.status)).toEqual(['succeeded', 'succeeded']);
    expect(mine.reduce((total, item) => total + item.attempts, 0)).toBe(3);
    const refused = detail.items.filter((item) => item.status === 'failed');
    expect(refused[0]!.error).toMatch(/^Google Sheets 403: The caller does not have permission/);
    const rows = () => google.appended.flatMap((entry) => entry.values);
    // The header first; Acme's row after its 429 waited for its next attempt, so Bolt's may
    // come before it.
    const [header, ...appended] = rows();
    expect(header).toEqual(['Account', 'Domain', 'revlane_key']);
    expect(appended).toHaveLength(2);
    expect(appended).toEqual(
      expect.arrayContaining([
        ['Acme', 'acme.example', keyOf(mine[0]!)],
        ['Bolt', 'bolt.example', keyOf(mine[1]!)],
      ]),
    );
    await resend();
    expect(rows()).toHaveLength(3);
  });
});
