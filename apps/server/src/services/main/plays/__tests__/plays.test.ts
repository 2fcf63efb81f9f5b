import { beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_API, type Play, type PlayPage } from '@revlane/contracts';
import { cohortsClient } from '../../../live-ops/__tests__/cohorts-test-client.js';
import { useLiveOpsFixture } from '../../../live-ops/__tests__/live-ops-fixture.js';
import { plays } from '../../../../platform/database/schema/index.js';
import { testUser } from '../../../../../test/app.js';
import { errorPaths, playsClient, webhookPlayBody } from './plays-client.js';

const schedule = (cohortId: string) => ({
  type: 'schedule' as const,
  cohortId,
  cron: '0 9 * * 1',
  timezone: 'Europe/Paris',
});

describe('main: plays CRUD (flag edit_play_schedule off)', () => {
  const f = useLiveOpsFixture({ load: false });
  let p: ReturnType<typeof playsClient>;
  let segment: string;
  let cohortId: string;
  beforeAll(async () => {
    p = playsClient(f);
    segment = f.segmentId('All accounts');
    cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'Pro', filters: [] })).id;
  });

  it('creates (the webhook secret shown once), reads, lists, changes and deletes a play', async () => {
    const created = await p.create(f.dana, webhookPlayBody(cohortId));
    expect(created).toMatchObject({
      name: 'Slack + webhook',
      status: 'draft',
      cohortName: 'Pro',
      segmentId: segment,
      includeExisting: false,
      reentry: 'once',
      lastRun: null,
    });
    const [action] = created.actions;
    expect(created.webhookSecrets.map((shown) => shown.actionId)).toEqual([action!.id]);
    expect(created.webhookSecrets[0]!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const secret = created.webhookSecrets[0]!.secret;
    const [stored] = await f.t.database.db.select().from(plays);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));

    const one = await p.read<Play>(f.dana, PLAYS_API.play(created.id));
    expect(JSON.stringify(one)).not.toContain(secret.slice(6));
    const page = await p.read<PlayPage>(f.dana, `${PLAYS_API.list}?search=webhook`);
    expect(page.items.map((item) => item.id)).toEqual([created.id]);

    // The action keeps its id and secret when edited; activating needs no flag.
    const patch = await p.call(f.dana, 'PATCH', PLAYS_API.play(created.id), {
      status: 'active',
      actions: [{ ...action, fields: { who: '{{account.name}}' } }],
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<{ data: Play & { webhookSecrets: unknown[] } }>().data).toMatchObject({
      status: 'active',
      actions: [{ id: action!.id, fields: { who: '{{account.name}}' } }],
      webhookSecrets: [],
    });

    expect((await p.call(f.dana, 'DELETE', PLAYS_API.play(created.id))).statusCode).toBe(204);
    expect((await p.call(f.dana, 'GET', PLAYS_API.play(created.id))).statusCode).toBe(404);
    const after = await p.read<PlayPage>(f.dana, PLAYS_API.list);
    expect(after.items.map((item) => item.id)).not.toContain(created.id);
  });

  it('names each bad field, templates checked against the cohort’s columns', async () => {
    const response = await p.call(f.dana, 'POST', PLAYS_API.list, {
      name: '',
      status: 'active',
      trigger: { type: 'cohort_entered', cohortId },
      actions: [{ type: 'webhook', url: 'ftp://x', fields: { a: '{{account.name' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response.body)).toEqual(
      expect.arrayContaining(['body.name', 'body.actions.0.url', 'body.actions.0.fields.a']),
    );
    const unknownColumn = await p.call(f.dana, 'POST', PLAYS_API.list, {
      name: 'Bad field',
      trigger: { type: 'cohort_entered', cohortId },
      actions: [
        { type: 'slack_message', channel: 'C1', text: 'Hi {{account.nope}}' },
        { type: 'salesforce_task', subject: '{{user.email}}', dueInDays: 3 },
      ],
    });
    expect(unknownColumn.statusCode).toBe(400);
    expect(errorPaths(unknownColumn.body)).toEqual([
      'body.actions.0.text',
      'body.actions.1.subject',
    ]);
    const noAction = await p.call(f.dana, 'POST', PLAYS_API.list, {
      name: 'Empty',
      status: 'active',
      trigger: { type: 'cohort_entered', cohortId },
    });
    expect(errorPaths(noAction.body)).toEqual(['body.actions']);
  });

  it('refuses a schedule without the flag: 403 naming it, on create and on change', async () => {
    const response = await p.call(f.dana, 'POST', PLAYS_API.list, {
      ...webhookPlayBody(cohortId),
      trigger: schedule(cohortId),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toContain('edit_play_schedule');
    const play = await p.create(f.dana, webhookPlayBody(cohortId));
    const change = await p.call(f.dana, 'PATCH', PLAYS_API.play(play.id), {
      trigger: schedule(cohortId),
    });
    expect(change.statusCode).toBe(403);
    expect(change.body).toContain('edit_play_schedule');
    const config = await f.t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json<{ featureFlags: object }>().featureFlags).toEqual({
      edit_play_schedule: false,
    });
  });

  it('a cohort with plays is not deleted (409 naming them); another org’s cohort is a 404', async () => {
    const cohort = await cohortsClient(f).create(f.dana, segment, { name: 'Used', filters: [] });
    const play = await p.create(f.dana, { ...webhookPlayBody(cohort.id), name: 'Uses it' });
    const refused = await cohortsClient(f).remove(f.dana, segment, cohort.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ errors: unknown[] }>().errors).toEqual([
      { path: `play:${play.id}`, message: 'Uses it' },
    ]);
    await p.call(f.dana, 'DELETE', PLAYS_API.play(play.id));
    expect((await cohortsClient(f).remove(f.dana, segment, cohort.id)).statusCode).toBe(204);

    const eveCohort = await cohortsClient(f).create(f.eve, f.eveSegmentId('All accounts'), {
      name: 'Eve',
      filters: [],
    });
    const cross = await p.call(f.dana, 'POST', PLAYS_API.list, webhookPlayBody(eveCohort.id));
    expect(cross.statusCode).toBe(404);
    const mine = await p.create(f.dana, webhookPlayBody(cohortId));
    expect((await p.call(f.eve, 'GET', PLAYS_API.play(mine.id))).statusCode).toBe(404);
    expect((await p.call(f.eve, 'PATCH', PLAYS_API.play(mine.id), { name: 'x' })).statusCode).toBe(
      404,
    );
  });
  it('editing plays is admin-only: a member reads them but gets 403 on create, change and delete', async () => {
    const play = await p.create(f.dana, webhookPlayBody(cohortId));
    const mia = await testUser(f.t, 'mia@acme-demo.example', { email_verified: true });
    const list = await p.call(mia, 'GET', PLAYS_API.list);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: PlayPage }>().data.items.map((item) => item.id)).toContain(play.id);
    const attempts = [
      ['POST', PLAYS_API.list, webhookPlayBody(cohortId)],
      ['PATCH', PLAYS_API.play(play.id), { name: 'Renamed' }],
      ['DELETE', PLAYS_API.play(play.id), undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const refused = await p.call(mia, method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'forbidden',
        message: expect.stringMatching(/^Only admins may /) as string,
      });
    }
    expect((await p.read<Play>(f.dana, PLAYS_API.play(play.id))).name).toBe(play.name);
  });
});

describe('main: plays with the flag edit_play_schedule on', () => {
  const f = useLiveOpsFixture({ load: false, env: { FEATURE_FLAGS: 'edit_play_schedule' } });

  it('creates a schedule play, checks its cron, and serves the flag in /config.json', async () => {
    const p = playsClient(f);
    const segment = f.segmentId('All accounts');
    const cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'P', filters: [] }))
      .id;
    const play = await p.create(f.dana, {
      ...webhookPlayBody(cohortId),
      status: 'active',
      trigger: schedule(cohortId),
    });
    expect(play.trigger).toEqual(schedule(cohortId));
    const [row] = await f.t.database.db.select().from(plays);
    // Monday 09:00 in Paris is 07:00 or 08:00 UTC.
    expect(row!.nextRunAt?.getUTCDay()).toBe(1);
    expect([7, 8]).toContain(row!.nextRunAt?.getUTCHours());
    const bad = await p.call(f.dana, 'PATCH', PLAYS_API.play(play.id), {
      trigger: { ...schedule(cohortId), cron: '61 * * * *', timezone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.trigger.timezone']);
    const badCron = await p.call(f.dana, 'PATCH', PLAYS_API.play(play.id), {
      trigger: { ...schedule(cohortId), cron: '61 * * * *' },
    });
    expect(errorPaths(badCron.body)).toEqual(['body.trigger.cron']);
    const config = await f.t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json<{ featureFlags: object }>().featureFlags).toEqual({
      edit_play_schedule: true,
    });
  });
});

describe('main: an active play must be able to deliver (SAAS_SANDBOX=false, no keys)', () => {
  const f = useLiveOpsFixture({ load: false, env: { SAAS_SANDBOX: 'false' } });

  it('refuses an active play whose action’s provider is not set up: 400 naming the action', async () => {
    const p = playsClient(f);
    const segment = f.segmentId('All accounts');
    const cohortId = (await cohortsClient(f).create(f.dana, segment, { name: 'Q', filters: [] }))
      .id;
    const body = {
      ...webhookPlayBody(cohortId),
      status: 'active' as const,
      actions: [
        ...webhookPlayBody(cohortId).actions,
        { type: 'slack_message' as const, channel: '#sales', text: 'In: {{account.name}}' },
        {
          type: 'google_sheet_append' as const,
          spreadsheetId: 'sheet-1',
          tab: 'Leads',
          columns: [{ header: 'Account', value: '{{account.name}}' }],
        },
      ],
    };
    const refused = await p.call(f.dana, 'POST', PLAYS_API.list, body);
    expect(refused.statusCode).toBe(400);
    expect(errorPaths(refused.body)).toEqual(['body.actions.1.type', 'body.actions.2.type']);
    expect(refused.body).toContain('Slack is not set up on this server');
    expect(refused.body).toContain('Google Sheets is not set up on this server');
    // A draft may name them: it delivers nothing until it is activated.
    const draft = await p.create(f.dana, { ...body, status: 'draft' });
    const activated = await p.call(f.dana, 'PATCH', PLAYS_API.play(draft.id), {
      status: 'active',
    });
    expect(activated.statusCode).toBe(400);
    expect(errorPaths(activated.body)).toEqual(['body.actions.1.type', 'body.actions.2.type']);
  });
});
