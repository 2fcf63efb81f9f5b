import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@revlane/contracts';
import { asUser, supportUser, testUser, type TestUser } from '../../../../test/app.js';
import { auditLog, users } from '../../../platform/database/schema/index.js';
import { useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';

const pro = [{ field: 'plan', operator: 'includes' as const, value: ['pro'] }];
const busy = [{ field: 'events_30d', operator: 'gte' as const, value: 100 }];

describe('live-ops: cohort versions', () => {
  const f = useLiveOpsFixture({ load: false });
  let c: ReturnType<typeof cohortsClient>;
  let segment: string;
  let dana: Profile;
  const profileOf = async (user: TestUser, headers: Record<string, string> = {}) =>
    (await f.inject(user, { method: 'GET', url: '/user/api/v1/users/me', headers })).json<{
      data: Profile;
    }>().data;
  beforeAll(async () => {
    c = cohortsClient(f);
    segment = f.segmentId('All accounts');
    dana = await profileOf(f.dana);
  });

  it('writes version 1 on create, one per change of name or filters, none otherwise', async () => {
    const before = Date.now();
    const cohort = await c.create(f.dana, segment, { name: 'Pro', filters: pro });
    const patch = async (payload: object) =>
      expect((await c.patch(f.dana, segment, cohort.id, payload)).statusCode).toBe(200);
    await patch({ name: 'Pro plan' });
    await patch({ filters: busy });
    await patch({ favorite: true });
    // Same filters with the keys in another order, and the same name: nothing changed.
    await patch({
      name: 'Pro plan',
      filters: [{ value: 100, operator: 'gte', field: 'events_30d' }],
    });

    const versions = await c.versions(f.dana, cohort.id);
    const changedBy = { id: dana.id, name: dana.displayName, email: 'dana@acme-demo.example' };
    expect(versions).toEqual([
      {
        version: 3,
        changedAt: expect.any(String) as unknown,
        changedBy,
        previousName: 'Pro plan',
        name: 'Pro plan',
        previousFilters: pro,
        filters: busy,
      },
      {
        version: 2,
        changedAt: expect.any(String) as unknown,
        changedBy,
        previousName: 'Pro',
        name: 'Pro plan',
        previousFilters: pro,
        filters: pro,
      },
      {
        version: 1,
        changedAt: expect.any(String) as unknown,
        changedBy,
        previousName: null,
        name: 'Pro',
        previousFilters: null,
        filters: pro,
      },
    ]);
    const times = versions.map((version) => Date.parse(version.changedAt));
    expect(times.every((time) => time >= before - 1000 && time <= Date.now() + 1000)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows a deleted user’s versions with changedBy null', async () => {
    const sam = await testUser(f.t, 'sam@acme-demo.example');
    const samProfile = await profileOf(sam);
    const cohort = await c.create(sam, segment, { name: 'Sam’s', filters: [] });
    await f.t.database.db.delete(users).where(eq(users.id, samProfile.id));
    const [version] = await c.versions(f.dana, cohort.id);
    expect(version).toMatchObject({ version: 1, changedBy: null, name: 'Sam’s' });
  });

  it('audits a change made while impersonating, and records the impersonated user', async () => {
    const support = await supportUser(f.t);
    const supportProfile = await profileOf(support);
    const asDana = { 'impersonate-user': dana.id };
    const created = await f.t.app.inject(
      asUser(support, {
        method: 'POST',
        url: c.segmentCohorts(segment),
        headers: asDana,
        payload: { name: 'Set up by support', filters: [] },
      }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: string } }>().data;
    const rows = await f.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, supportProfile.id));
    expect(rows).toMatchObject([
      { orgId: f.danaOrg, subjectUserId: dana.id, method: 'POST', statusCode: 201 },
    ]);
    expect(rows[0]!.path).toBe(c.segmentCohorts(segment));
    const [version] = await c.versions(f.dana, id);
    expect(version?.changedBy?.id).toBe(dana.id);
  });
});
