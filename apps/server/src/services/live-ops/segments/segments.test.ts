import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, SegmentSummary } from '@revlane/contracts';
import {
  asUser,
  createTestApp,
  supportUser,
  testUser,
  type TestApp,
  type TestUser,
} from '../../../../test/app.js';
import { segments } from '../../../platform/database/schema/index.js';
import { seedDemoSegments } from '../../../demo/index.js';
import { insertMissingSegments } from './segments.repository.js';

const url = '/live-ops/api/v1/segments/me';

const DEMO_MENU = [
  { name: 'All accounts', disabled: false },
  { name: 'Product-qualified accounts', disabled: false },
  { name: 'Active users', disabled: false },
  { name: 'Expansion candidates', disabled: false },
  { name: 'Churn risk (beta)', disabled: true },
];

describe('live-ops: GET segments/me', () => {
  let t: TestApp;
  let dana: TestUser;
  let lee: TestUser;
  let eve: TestUser;
  let danaProfile: Profile;

  const profileOf = async (user: TestUser) =>
    (await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }))).json<{
      data: Profile;
    }>().data;
  const segmentsOf = async (user: TestUser, headers: Record<string, string> = {}) => {
    const response = await t.app.inject(asUser(user, { method: 'GET', url, headers }));
    expect(response.statusCode).toBe(200);
    return response.json<{ data: SegmentSummary[] }>().data;
  };
  const rowsOf = (orgId: string) =>
    t.database.db.select().from(segments).where(eq(segments.orgId, orgId)).orderBy(segments.name);

  beforeAll(async () => {
    t = await createTestApp();
    dana = await testUser(t, 'dana@acme-demo.example');
    lee = await testUser(t, 'lee@acme-demo.example');
    eve = await testUser(t, 'eve@other-co.example');
    danaProfile = await profileOf(dana);
    await profileOf(eve);
    await seedDemoSegments(t.database.db, danaProfile.organization.id);
  });
  afterAll(() => t.close());

  it('lists the organization’s segments in menu order, disabled ones flagged', async () => {
    const data = await segmentsOf(dana);
    expect(data.map(({ name, disabled }) => ({ name, disabled }))).toEqual(DEMO_MENU);
    expect(data.every((segment) => /^[0-9a-f-]{36}$/.test(segment.id))).toBe(true);
    expect(Object.keys(data[0]!).sort()).toEqual(['disabled', 'id', 'name']);
  });

  it('shows every member of the organization the same list', async () => {
    expect(await segmentsOf(lee)).toEqual(await segmentsOf(dana));
  });

  it('shows another organization none of them', async () => {
    expect(await segmentsOf(eve)).toEqual([]);
  });

  it('orders by position, then by name', async () => {
    const { db } = t.database;
    const eveOrg = (await profileOf(eve)).organization.id;
    await insertMissingSegments(db, eveOrg, [
      { name: 'Zeta', baseTable: 'users', position: 1 },
      { name: 'Alpha', baseTable: 'accounts', position: 2 },
      { name: 'Beta', baseTable: 'accounts', position: 1 },
    ]);
    expect((await segmentsOf(eve)).map((segment) => segment.name)).toEqual([
      'Beta',
      'Zeta',
      'Alpha',
    ]);
    await db.delete(segments).where(eq(segments.orgId, eveOrg));
  });

  it('seeding again changes nothing, and keeps changes made since', async () => {
    const { db } = t.database;
    const orgId = danaProfile.organization.id;
    await db.update(segments).set({ disabled: true }).where(eq(segments.name, 'Active users'));
    const before = await rowsOf(orgId);
    await seedDemoSegments(db, orgId);
    await Promise.all([seedDemoSegments(db, orgId), seedDemoSegments(db, orgId)]);
    expect(await rowsOf(orgId)).toEqual(before);
    expect(before).toHaveLength(5);
    await db.update(segments).set({ disabled: false }).where(eq(segments.name, 'Active users'));
  });

  it('answers for the impersonated user’s organization while impersonating', async () => {
    const support = await supportUser(t);
    expect(await segmentsOf(support)).toEqual([]);
    const asDana = await segmentsOf(support, { 'impersonate-user': danaProfile.id });
    expect(asDana.map((segment) => segment.name)).toEqual(DEMO_MENU.map((s) => s.name));
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized' });
  });
});
