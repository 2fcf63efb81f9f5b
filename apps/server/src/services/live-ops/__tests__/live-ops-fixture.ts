import type { Profile, SegmentSummary } from '@revlane/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  asUser,
  createTestApp,
  testUser,
  type TestApp,
  type TestAppOptions,
  type TestUser,
} from '../../../../test/app.js';
import { segments } from '../../../platform/database/schema/index.js';
import { loadDemoData } from '../../../warehouse/index.js';
import { seedDemoSegments } from '../../../demo/index.js';

export const API = '/live-ops/api/v1';
/** The tiny demo dataset every live-ops test file loads (fixed clock: same rows every run). */
export const TINY = { accounts: 50, users: 300, events: 5_000, now: Date.UTC(2024, 5, 15, 12) };

export interface LiveOpsFixture {
  t: TestApp;
  dana: TestUser;
  eve: TestUser;
  danaOrg: string;
  eveOrg: string;
  /** Dana's segments by name. */
  segmentId: (name: string) => string;
  eveSegmentId: (name: string) => string;
  inject: (user: TestUser, request: InjectOptions) => Promise<LightMyRequestResponse>;
  loadTiny: (orgId: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The app on a fresh database with its warehouse (DuckDB; PostgreSQL when
 * TEST_DATABASE_URL is set), two organizations with the demo segments; Dana's org gets the
 * tiny dataset unless `load: false`. The segments read their whole base table (no base
 * filters) unless `demoDefinitions: true`: tests of paging, filters, exports and cohorts
 * compare with direct counts of a table; demo/demo-segments.test.ts tests the definitions.
 */
export async function createLiveOpsFixture(
  options: { load?: boolean; demoDefinitions?: boolean } & TestAppOptions = {},
): Promise<LiveOpsFixture> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const t = await createTestApp({
    ...options,
    env: { ...(pgUrl ? { WAREHOUSE_URL: pgUrl } : {}), ...options.env },
  });
  const dana = await testUser(t, 'dana@acme-demo.example');
  const eve = await testUser(t, 'eve@other-co.example');
  const orgOf = async (user: TestUser) => {
    const response = await t.app.inject(
      asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }),
    );
    return response.json<{ data: Profile }>().data.organization.id;
  };
  const [danaOrg, eveOrg] = [await orgOf(dana), await orgOf(eve)];
  await seedDemoSegments(t.database.db, danaOrg);
  await seedDemoSegments(t.database.db, eveOrg);
  if (!options.demoDefinitions) await t.database.db.update(segments).set({ filters: [] });
  const idsOf = async (user: TestUser) => {
    const response = await t.app.inject(asUser(user, { method: 'GET', url: `${API}/segments/me` }));
    const list = response.json<{ data: SegmentSummary[] }>().data;
    return new Map(list.map((segment) => [segment.name, segment.id]));
  };
  const [danaIds, eveIds] = [await idsOf(dana), await idsOf(eve)];
  const { engine } = t.app.warehouse;
  const loadTiny = async (orgId: string) => {
    await loadDemoData(engine, orgId, TINY);
  };
  if (options.load !== false) await loadTiny(danaOrg);
  return {
    t,
    dana,
    eve,
    danaOrg,
    eveOrg,
    segmentId: (name) => danaIds.get(name)!,
    eveSegmentId: (name) => eveIds.get(name)!,
    inject: (user, request) => t.app.inject(asUser(user, request)),
    loadTiny,
    async close() {
      await engine.dropOrganization(danaOrg);
      await engine.dropOrganization(eveOrg);
      await t.close();
    },
  };
}

/**
 * `createLiveOpsFixture` for the tests of one describe block: created before them and closed
 * after them. Its fields are filled in before the first test runs (read them inside tests and
 * hooks registered after this call, not at describe time).
 */
export function useLiveOpsFixture(
  options: Parameters<typeof createLiveOpsFixture>[0] = {},
): LiveOpsFixture {
  const fixture = {} as LiveOpsFixture;
  beforeAll(async () => {
    Object.assign(fixture, await createLiveOpsFixture(options));
  });
  afterAll(() => fixture.close?.());
  return fixture;
}
