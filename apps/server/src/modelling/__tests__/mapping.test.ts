import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortChanges, Mapping, MappingPreview, MappingVersion } from '@revlane/contracts';
import { ACCOUNTS_CSV, createMappingFixture, type MappingFixture } from './mapping-fixture.js';

describe('composer: mapping landed tables onto accounts, users and events', () => {
  let f: MappingFixture;
  beforeAll(async () => {
    f = await createMappingFixture();
  }, 120_000);
  afterAll(() => f.close());

  it('refuses a draft naming what does not exist or cannot be used, each by its path', async () => {
    const mapping = f.mapping();
    mapping.accounts.columns.id = 'nope';
    mapping.accounts.attributes = ['missing'];
    mapping.users.sourceId = '00000000-0000-4000-8000-000000000000';
    mapping.events!.table = 'other.csv';
    const response = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths.sort()).toEqual([
      'accounts.attributes[0]',
      'accounts.columns.id',
      'events.table',
      'users.sourceId',
    ]);

    const typed = f.mapping();
    typed.events!.columns.occurredAt = 'event';
    // `email` is already a segment column (a role's): not a custom attribute name.
    typed.users.attributes = ['email'];
    const wrong = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: typed });
    expect(wrong.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual([
      'users.attributes[0]',
      'events.columns.occurredAt',
    ]);
    // Eve's organization sees none of Dana's sources.
    const eve = await f.call(f.eve, { method: 'PUT', url: 'mapping', payload: f.mapping() });
    expect(eve.statusCode).toBe(400);
  });

  it('previews hand-checked statistics: email domains without case, www. or free mail', async () => {
    const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: f.mapping() });
    expect(saved.json<{ data: Mapping }>().data).toMatchObject({
      draft: f.mapping(),
      published: null,
      latestRun: null,
    });
    const response = await f.call(f.dana, { method: 'POST', url: 'mapping/preview' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{ data: MappingPreview }>().data;
    expect(preview.accounts).toMatchObject({ total: 4, duplicateIds: 1 });
    expect(preview.accounts.rows[2]).toMatchObject({
      id: 'a3',
      name: 'Initech',
      plan: 'enterprise',
      seats: 100,
    });
    expect(preview.accounts.rows[0]).toMatchObject({ domain: 'acme.com', mrr: 990.5 });
    expect(preview.users).toMatchObject({
      total: 6,
      duplicateIds: 1,
      matchedToAccount: 4,
      matchedPercent: 66.7,
      matchedBy: 'email_domain',
    });
    expect(preview.users.rows.map((row) => [row.id, row.account_id])).toEqual([
      ['u1', 'a1'],
      ['u2', 'a1'],
      ['u3', 'a2'],
      ['u4', null],
      ['u5', null],
      ['u6', 'a3'],
    ]);
    expect(preview.users.unmatchedSample.map((row) => row.id)).toEqual(['u4', 'u5']);
    expect(preview.events).toMatchObject({ total: 4, matchedToUser: 3, matchedPercent: 75 });
    expect(preview.events!.unmatchedSample).toEqual([
      expect.objectContaining({ user_id: 'u9', name: 'login' }),
    ]);
  });

  it('publishes the canonical tables, metrics and segment tables, and lists the version', async () => {
    const run = await f.publish();
    expect(run).toMatchObject({ status: 'succeeded', version: 1, rowsWritten: 4 + 6 + 3 });
    expect(await f.rows('SELECT id, account_id, role FROM {segment_users} ORDER BY id')).toEqual([
      { id: 'u1', account_id: 'a1', role: 'admin' },
      { id: 'u2', account_id: 'a1', role: 'member' },
      { id: 'u3', account_id: 'a2', role: 'member' },
      { id: 'u4', account_id: null, role: 'viewer' },
      { id: 'u5', account_id: null, role: 'member' },
      { id: 'u6', account_id: 'a3', role: 'owner' },
    ]);
    // Attributes are segment columns: filterable like the built-in ones.
    expect(
      await f.rows("SELECT id, mrr, seats FROM {segment_accounts} WHERE plan = 'pro'"),
    ).toEqual([{ id: 'a1', mrr: 990.5, seats: 10 }]);
    const versions = await f.call(f.dana, { method: 'GET', url: 'mapping/versions' });
    const [latest, ...older] = versions.json<{ data: MappingVersion[] }>().data;
    expect(older).toEqual([]);
    expect(latest).toMatchObject({ version: 1, mapping: f.mapping() });
    expect(latest!.publishedBy?.id).toBeTruthy();
    // Segment pages learn of a publish from the mapping's latest run: this one, or a
    // re-apply of the same version queued by a source's 'warehouse loaded' event that
    // arrived after the publish (the fixture's syncs just before it).
    const mapping = await f.call(f.dana, { method: 'GET', url: 'mapping' });
    const latestRun = mapping.json<{ data: Mapping }>().data.latestRun;
    expect(latestRun).toMatchObject({ version: 1 });
    if (latestRun!.id === run.id) expect(latestRun!.status).toBe('succeeded');
    else expect(['queued', 'running', 'succeeded']).toContain(latestRun!.status);
  });

  it('refuses to delete a source the mapping reads: 409 naming the published mapping and the draft', async () => {
    // The published version (the test before) and the draft both read the events' source.
    const response = await f.call(f.dana, {
      method: 'DELETE',
      url: `sources/${f.sources.events}`,
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toContain('is used by 2 mappings; change or delete them first');
    expect(body.errors).toEqual([
      { path: 'mapping:v1', message: 'Published mapping (version 1): events' },
      { path: 'mapping:draft', message: 'Mapping draft: events' },
    ]);
    // Nothing deleted: the source is still there, and so is its place in the mapping.
    const source = await f.call(f.dana, { method: 'GET', url: `sources/${f.sources.events}` });
    expect(source.statusCode).toBe(200);
    const preview = await f.call(f.dana, { method: 'POST', url: 'mapping/preview' });
    expect(preview.statusCode).toBe(200);
  });

  it('gives an organization without segments All accounts and All users; attributes filter', async () => {
    const menu = await f.api(f.dana, 'GET', 'segments/me');
    const segments = menu.json<{ data: { id: string; name: string }[] }>().data;
    expect(segments.map((segment) => segment.name)).toEqual(['All accounts', 'All users']);
    const accountsId = segments[0]!.id;
    const filters = JSON.stringify([{ field: 'plan', operator: 'eq', value: 'pro' }]);
    const data = await f.api(
      f.dana,
      'GET',
      `segments/${accountsId}/data?filters=${encodeURIComponent(filters)}`,
    );
    expect(data.statusCode, data.body).toBe(200);
    const page = data.json<{ data: { rows: { id: string }[]; total: number } }>().data;
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: 'a1', name: 'Acme', mrr: 990.5, seats: 10 });
  });

  it('refuses to delete the source of the accounts while cohorts and alerts build on them, naming each', async () => {
    const [accounts] = (await f.api(f.dana, 'GET', 'segments/me')).json<{
      data: { id: string }[];
    }>().data;
    const cohort = await f.api(f.dana, 'POST', `segments/${accounts!.id}/cohorts`, {
      name: 'Pro',
      filters: [],
    });
    expect(cohort.statusCode, cohort.body).toBe(201);
    const cohortId = cohort.json<{ data: { id: string } }>().data.id;
    const alert = await f.api(f.dana, 'POST', 'notifications', {
      name: 'New pro',
      segmentId: accounts!.id,
      cohortId,
      type: 'new',
      channels: { inApp: true, slack: null, email: [] },
    });
    expect(alert.statusCode, alert.body).toBe(201);
    const alertId = alert.json<{ data: { id: string } }>().data.id;
    const expected = [
      { kind: 'mapping', id: 'v1', name: 'Published mapping (version 1): accounts' },
      { kind: 'mapping', id: 'draft', name: 'Mapping draft: accounts' },
      { kind: 'cohort', id: cohortId, name: 'Pro' },
      { kind: 'alert', id: alertId, name: 'New pro' },
    ];
    // What the delete dialog lists before the user confirms.
    const listed = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${f.sources.accounts}/dependents`,
    });
    expect(listed.json<{ data: unknown[] }>().data).toEqual(expected);
    const refused = await f.call(f.dana, {
      method: 'DELETE',
      url: `sources/${f.sources.accounts}`,
    });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toMatch(/is used by 2 mappings, 1 cohort and 1 alert; change or/);
    expect(body.errors).toEqual(
      expected.map(({ kind, id, name }) => ({ path: `${kind}:${id}`, message: name })),
    );
    const unknown = await f.call(f.dana, { method: 'GET', url: `sources/nope/dependents` });
    expect(unknown.statusCode).toBe(404);
  });

  it('a failing publish leaves the previous data; a sync of a mapped source re-applies it, and cohorts follow', async () => {
    const [accounts] = (await f.api(f.dana, 'GET', 'segments/me')).json<{
      data: { id: string }[];
    }>().data;
    const created = await f.api(f.dana, 'POST', `segments/${accounts!.id}/cohorts`, {
      name: 'Pro accounts',
      filters: [{ field: 'plan', operator: 'eq', value: 'pro' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cohortId = created.json<{ data: { id: string } }>().data.id;
    const membersOf = async () =>
      (await f.api(f.dana, 'GET', `cohorts/${cohortId}`)).json<{
        data: { members: number | null };
      }>().data.members;
    await f.until(async () => (await membersOf()) === 1);

    // An MRR beyond DECIMAL(12,2): the build fails half-way, after accounts__next exists.
    await f.land(f.sources.accounts, `${ACCOUNTS_CSV}a5,Huge,huge.com,pro,1,1e15\n`);
    const failed = await f.publish();
    expect(failed.status).toBe('failed');
    expect(await f.rows('SELECT count(*) AS n FROM {accounts}')).toEqual([{ n: 4 }]);

    const syncedAt = Date.now();
    await f.land(f.sources.accounts, `${ACCOUNTS_CSV}a5,Umbrella,umbrella.com,pro,3,300\n`);
    // The sync's 'warehouse loaded' event queues a run of the published version by itself,
    // whose own event moves the cohort on.
    await f.until(async () => (await membersOf()) === 2);
    expect(await f.rows("SELECT id, name FROM {segment_accounts} WHERE id = 'a5'")).toEqual([
      { id: 'a5', name: 'Umbrella' },
    ]);
    const since = new Date(syncedAt - 60_000).toISOString();
    const changes = await f.api(f.dana, 'GET', `cohorts/${cohortId}/changes?since=${since}`);
    const entered = changes.json<{ data: CohortChanges }>().data.entered.rows;
    expect(entered.map((row) => row.record.id)).toEqual(['a5']);
  });
});
