import { recordDetailSchema, type RecordDetail, type SegmentDataPage } from '@revlane/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  notificationFirings,
  notifications,
  playRunItems,
  playRuns,
  plays,
} from '../../../platform/database/schema/index.js';
import { loadCanonicalData, snapshotCohort } from '../../../warehouse/index.js';
import { insertCohort } from '../__tests__/cohort-seeds.js';
import { API, useLiveOpsFixture, type LiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { DAY, iso, recordLoad } from './__tests__/record-data.js';

const read = async (f: LiveOpsFixture, user: LiveOpsFixture['dana'], url: string) => {
  const response = await f.inject(user, { method: 'GET', url: `${API}/${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return recordDetailSchema.parse(response.json<{ data: RecordDetail }>().data);
};

describe('record pages: GET accounts/{id} and users/{id} (docs/architecture.md §6)', () => {
  const f = useLiveOpsFixture({ load: false });
  beforeAll(async () => {
    const { engine } = f.t.app.warehouse;
    await loadCanonicalData(engine, f.danaOrg, recordLoad(''));
    await loadCanonicalData(engine, f.eveOrg, recordLoad('eve-'));
  });

  /** The segment data route's row of one record, every column the record page shows. */
  async function dataRow(segment: string, id: string, columns: string[]) {
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${f.segmentId(segment)}/data`,
      query: {
        filters: JSON.stringify([{ field: 'id', operator: 'eq', value: id }]),
        columns: JSON.stringify(columns),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: SegmentDataPage }>().data;
    expect(page.total).toBe(1);
    return page.rows[0]!;
  }

  it('answers the account’s row exactly as the segment table shows it, every catalogue column grouped', async () => {
    const detail = await read(f, f.dana, 'accounts/acc-1');
    expect(detail.kind).toBe('accounts');
    const names = detail.columns.map((column) => column.name);
    expect(detail.record).toEqual(await dataRow('All accounts', 'acc-1', names));
    expect(Object.keys(detail.record).sort()).toEqual([...names].sort());
    expect(detail.record).toMatchObject({ id: 'acc-1', name: 'Alpha', mrr: 120.5, plan: 'pro' });
    const catalogue = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/tables/accounts/columns`,
    });
    const columns = catalogue.json<{ data: { name: string }[] }>().data;
    expect(names).toEqual(columns.map((column) => column.name));
    const crm = new Set(['owner_id', 'owner_name', 'owner_email', 'in_crm']);
    for (const column of detail.columns)
      expect(column.group, column.name).toBe(crm.has(column.name) ? 'crm' : 'product');
  });

  it('lists the account’s users most recently seen first (never seen last) with their total', async () => {
    const detail = await read(f, f.dana, 'accounts/acc-1');
    expect(detail.users!.map((user) => user.id)).toEqual(['usr-2', 'usr-1', 'usr-3']);
    expect(detail.usersTotal).toBe(3);
    expect(detail.users![0]).toEqual(
      await dataRow('Active users', 'usr-2', Object.keys(detail.users![0]!)),
    );
    expect(detail.users![2]!.last_seen_at).toBeNull();
    expect(detail.account).toBeUndefined();
    const empty = await read(f, f.dana, 'accounts/acc-3');
    expect(empty.users).toEqual([]);
    expect(empty.usersTotal).toBe(0);
  });

  it('answers a user’s row with its account’s row, or null without an account', async () => {
    const detail = await read(f, f.dana, 'users/usr-1');
    const names = detail.columns.map((column) => column.name);
    expect(detail.record).toEqual(await dataRow('Active users', 'usr-1', names));
    expect(detail.account).toEqual(
      await dataRow('All accounts', 'acc-1', Object.keys(detail.account!)),
    );
    expect(detail.users).toBeUndefined();
    expect((await read(f, f.dana, 'users/usr-5')).account).toBeNull();
  });

  it('is a 404 for another organization’s record and for an unknown id, on every route', async () => {
    const refused = [
      [f.eve, 'accounts/acc-1'],
      [f.eve, 'users/usr-1'],
      [f.dana, 'accounts/eve-acc-1'],
      [f.dana, 'users/eve-usr-1'],
      [f.dana, 'accounts/usr-1'],
      [f.dana, 'users/nobody'],
    ] as const;
    for (const [user, path] of refused) {
      for (const suffix of ['', '/events', '/activity']) {
        const response = await f.inject(user, { method: 'GET', url: `${API}/${path}${suffix}` });
        expect(response.statusCode, `${path}${suffix}`).toBe(404);
        const what = path.startsWith('accounts') ? 'Account' : 'User';
        expect(response.json()).toEqual({ error: 'not_found', message: `${what} not found` });
      }
    }
    expect((await read(f, f.eve, 'accounts/eve-acc-1')).record.name).toBe('Alpha');
  });

  it('lists the cohorts the record is in with when it entered, then those it left in 90 days', async () => {
    const { engine } = f.t.app.warehouse;
    const accounts = f.segmentId('All accounts');
    const [t0, t1] = [Date.now() - 10 * DAY, Date.now() - 5 * DAY];
    const onlyBeta = [{ field: 'id', operator: 'eq', value: 'acc-2' }];
    const cohort = async (name: string, moments: [number, unknown[]][], segment = accounts) => {
      const id = await insertCohort(f, f.danaOrg, segment, name);
      const table = segment === accounts ? 'accounts' : 'users';
      for (const [at, filters] of moments)
        await snapshotCohort(engine, f.danaOrg, { cohortId: id, table, filters }, at);
      return id;
    };
    const fromStart = await cohort('In from the start', [
      [t0, []],
      [t1, []],
    ]);
    const entered = await cohort('Entered later', [
      [t0, onlyBeta],
      [t1, []],
    ]);
    const left = await cohort('Left recently', [
      [t0, []],
      [t1, onlyBeta],
    ]);
    await cohort('Left long ago', [
      [Date.now() - 200 * DAY, []],
      [Date.now() - 100 * DAY, onlyBeta],
    ]);
    const users = await cohort('All users', [[t0, []]], f.segmentId('Active users'));
    const detail = await read(f, f.dana, 'accounts/acc-1');
    const membership = (cohortId: string, enteredAt: number | null, leftAt: number | null) => ({
      cohortId,
      cohortName: expect.any(String) as string,
      segmentId: accounts,
      enteredAt: enteredAt === null ? null : iso(enteredAt),
      leftAt: leftAt === null ? null : iso(leftAt),
    });
    expect(detail.memberships).toEqual([
      membership(entered, t1, null),
      membership(fromStart, t0, null),
      membership(left, t0, t1),
    ]);
    expect(detail.memberships.map((m) => m.cohortName)).toEqual([
      'Entered later',
      'In from the start',
      'Left recently',
    ]);
    const user = await read(f, f.dana, 'users/usr-1');
    expect(user.memberships).toEqual([
      { ...membership(users, t0, null), segmentId: f.segmentId('Active users') },
    ]);
    // Another organization's page lists none of these cohorts.
    expect((await read(f, f.eve, 'accounts/eve-acc-1')).memberships).toEqual([]);
  });

  it('lists the alert firings and play actions that concern the record, newest first', async () => {
    const { db } = f.t.database;
    const accounts = f.segmentId('All accounts');
    const cohortId = await insertCohort(f, f.danaOrg, accounts, 'Alerted cohort');
    const usersCohort = await insertCohort(f, f.danaOrg, f.segmentId('Active users'), 'U');
    const t1 = Date.now() - 5 * DAY;
    await snapshotCohort(
      f.t.app.warehouse.engine,
      f.danaOrg,
      { cohortId, table: 'accounts', filters: [{ field: 'id', operator: 'eq', value: 'acc-2' }] },
      t1 - DAY,
    );
    await snapshotCohort(
      f.t.app.warehouse.engine,
      f.danaOrg,
      { cohortId, table: 'accounts', filters: [] },
      t1,
    );
    const alert = async (name: string, cohort = cohortId, segmentId = accounts) => {
      const channels = { inApp: false, slack: null, email: [] };
      const [row] = await db
        .insert(notifications)
        .values({ orgId: f.danaOrg, segmentId, cohortId: cohort, name, type: 'new', channels })
        .returning();
      return row!.id;
    };
    const [named, crowded, other] = [
      await alert('Named'),
      await alert('Crowded'),
      await alert('Other'),
    ];
    const many = Array.from({ length: 1_000 }, (_, i) => ({ id: `x${i}` }));
    const fire = async (
      notificationId: string,
      snapshotAt: number,
      firedAt: number,
      records: object[],
    ) => {
      const [row] = await db
        .insert(notificationFirings)
        .values({
          orgId: f.danaOrg,
          notificationId,
          snapshotAt: new Date(snapshotAt),
          type: 'new',
          count: records.length === 1_000 ? 1_500 : records.length,
          previousCount: null,
          records: records as Record<string, string>[],
          firedAt: new Date(firedAt),
        }) // prettier-ignore
        .returning();
      return row!.id;
    };
    const byName = await fire(named, t1, t1 + 1_000, [{ id: 'acc-1', name: 'Alpha' }]);
    await fire(named, t1 - DAY, t1 - DAY + 1_000, [{ id: 'acc-2' }]);
    // Kept only its first 1,000 records: the snapshot says acc-1 entered at that moment.
    const bySnapshot = await fire(crowded, t1, t1 + 2_000, many);
    await fire(crowded, t1 - DAY, t1 - DAY + 2_000, many);
    await fire(other, t1, t1 + 3_000, [{ id: 'acc-11' }]);
    const detail = await read(f, f.dana, 'accounts/acc-1');
    expect(detail.firings).toEqual([
      { notificationId: crowded, notificationName: 'Crowded', firingId: bySnapshot, firedAt: iso(t1 + 2_000) },
      { notificationId: named, notificationName: 'Named', firingId: byName, firedAt: iso(t1 + 1_000) },
    ]); // prettier-ignore

    const play = async (name: string, cohort: string) => {
      const [row] = await db
        .insert(plays)
        .values({
          orgId: f.danaOrg,
          name,
          status: 'active',
          triggerType: 'cohort_entered',
          cohortId: cohort,
          actions: [],
          reentry: 'once',
        }) // prettier-ignore
        .returning();
      const [run] = await db
        .insert(playRuns)
        .values({
          orgId: f.danaOrg,
          playId: row!.id,
          trigger: 'cohort_entered',
          windowEnd: new Date(t1),
          counts: { records: 1, succeeded: 1, failed: 0, pending: 0 },
        }) // prettier-ignore
        .returning();
      return { playId: row!.id, runId: run!.id, startedAt: run!.startedAt };
    };
    const accountsPlay = await play('Welcome accounts', cohortId);
    const usersPlay = await play('Welcome users', usersCohort);
    const item = (p: { playId: string; runId: string }, recordId: string, position: number,
      outcome: { status: 'pending' | 'succeeded' | 'failed'; error?: string; finishedAt?: Date }) =>
      ({ orgId: f.danaOrg, runId: p.runId, playId: p.playId, actionId: `a${position}`,
        actionType: position === 0 ? 'webhook' as const : 'slack_message' as const, position, recordId,
        record: { id: recordId }, idempotencyKey: `${p.playId}:${position}:${recordId}:1`, ...outcome }); // prettier-ignore
    await db.insert(playRunItems).values([
      item(accountsPlay, 'acc-1', 0, { status: 'succeeded', finishedAt: new Date(t1 + 5_000) }),
      item(accountsPlay, 'acc-1', 1, { status: 'failed', error: 'channel_not_found', finishedAt: new Date(t1 + 6_000) }),
      item(accountsPlay, 'acc-2', 0, { status: 'succeeded', finishedAt: new Date(t1 + 7_000) }),
      // A users play's record of the same id is another record.
      item(usersPlay, 'acc-1', 0, { status: 'succeeded', finishedAt: new Date(t1 + 8_000) }),
    ]); // prettier-ignore
    const after = await read(f, f.dana, 'accounts/acc-1');
    const expected = {
      playId: accountsPlay.playId,
      playName: 'Welcome accounts',
      runId: accountsPlay.runId,
    };
    expect(after.playItems).toEqual([
      { ...expected, actionType: 'slack_message', status: 'failed', error: 'channel_not_found', at: iso(t1 + 6_000) },
      { ...expected, actionType: 'webhook', status: 'succeeded', error: null, at: iso(t1 + 5_000) },
    ]); // prettier-ignore
    expect((await read(f, f.eve, 'accounts/eve-acc-1')).playItems).toEqual([]);
    expect((await read(f, f.eve, 'accounts/eve-acc-1')).firings).toEqual([]);
  });
});

describe('record pages before the first load', () => {
  const f = useLiveOpsFixture({ load: false });

  it('answers 202 preparing, as segment pages do', async () => {
    for (const url of ['accounts/acc-1', 'users/usr-1/events', 'accounts/acc-1/activity']) {
      const response = await f.inject(f.dana, { method: 'GET', url: `${API}/${url}` });
      expect(response.statusCode, url).toBe(202);
      expect(response.json()).toEqual({ data: { status: 'preparing' } });
    }
  });
});
