import type { Profile, Source, StoredFile } from '@revlane/contracts';
import {
  COHORTS_API,
  IMPERSONATE_HEADER,
  NOTIFICATIONS_API,
  PLAYS_API,
  SCORES_API,
} from '@revlane/contracts';
import type { InjectOptions } from 'fastify';
import { asUser, supportUser, testUser, type TestUser } from '../../../test/app.js';
import { uploadPng } from '../../../test/uploads.js';
import {
  activations,
  mappingRuns,
  notificationFirings,
  playRuns,
} from '../../platform/database/schema/index.js';
import {
  API,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../live-ops/__tests__/live-ops-fixture.js';

const COMPOSER = '/composer/api/v1';

/**
 * Real records of Dana's organization, one per kind of path parameter the services
 * publish, keyed `collection/{param}` as in the documents' paths. A parameter with no key
 * here fails the tenancy matrix, so a new kind of record gets its fixture.
 */
export interface TenancyWorld {
  f: LiveOpsFixture;
  /** Dana's colleague (same organization): per-user records must stay Dana's. */
  alex: TestUser;
  support: TestUser;
  danaUserId: string;
  /** Dana's record for each `collection/{param}`. */
  danaIds: Record<string, string>;
  /** Keys whose records belong to one user rather than to the whole organization. */
  perUser: Set<string>;
  /** Keys naming shared things (warehouse tables) rather than records of an organization. */
  shared: Set<string>;
  /** Query values the caller holds himself (Eve's own export ticket). */
  callerQuery: Record<string, string>;
  /** Texts only Dana's organization's records contain: never in an answer to Eve. */
  danaMarkers: string[];
  impersonating: (user: TestUser, targetUserId: string) => (r: InjectOptions) => InjectOptions;
}

const profileOf = async (f: LiveOpsFixture, user: TestUser) =>
  (await f.inject(user, { method: 'GET', url: '/user/api/v1/users/me' })).json<{ data: Profile }>()
    .data;

async function created<T>(
  f: LiveOpsFixture,
  user: TestUser,
  request: InjectOptions & { url: string },
) {
  const response = await f.inject(user, request);
  if (response.statusCode >= 300) throw new Error(`${request.url}: ${response.body}`);
  return response.json<{ data: T }>().data;
}

export async function createTenancyWorld(): Promise<TenancyWorld> {
  const f = await createLiveOpsFixture({ load: false });
  // Record pages (`accounts/{id}`, `users/{id}`) answer 202 until the caller's warehouse has
  // loaded; Eve's then holds the tiny demo, in which Dana's record ids below do not exist.
  await f.loadTiny(f.eveOrg);
  const alex = await testUser(f.t, 'alex@acme-demo.example');
  const support = await supportUser(f.t);
  const dana = await profileOf(f, f.dana);
  const segmentId = f.segmentId('All accounts');
  const cohort = await created<{ id: string }>(f, f.dana, {
    method: 'POST',
    url: `${API}/${COHORTS_API.segmentCohorts(segmentId)}`,
    payload: { name: 'Dana-only cohort 7f3a', filters: [] },
  });
  const source = await created<Source>(f, f.dana, {
    method: 'POST',
    url: `${COMPOSER}/sources`,
    payload: { type: 'csv', name: 'Dana-only source 7f3a', config: { fileName: 'leads.csv' } },
  });
  const sync = await created<{ id: string }>(f, f.dana, {
    method: 'POST',
    url: `${COMPOSER}/sources/${source.id}/syncs`,
  });
  // A mapping run needs no landed data to exist (a publish would refuse without it).
  const [mappingRun] = await f.t.database.db
    .insert(mappingRuns)
    .values({ orgId: f.danaOrg, version: 1 })
    .returning();
  const alert = await created<{ id: string }>(f, f.dana, {
    method: 'POST',
    url: `${API}/${NOTIFICATIONS_API.list}`,
    payload: {
      name: 'Dana-only alert 7f3a',
      segmentId,
      cohortId: cohort.id,
      type: 'new',
      channels: { inApp: true, slack: null, email: [] },
    },
  });
  const play = await created<{ id: string }>(f, f.dana, {
    method: 'POST',
    url: `/api/v1/${PLAYS_API.list}`,
    payload: {
      name: 'Dana-only play 7f3a',
      trigger: { type: 'cohort_entered', cohortId: cohort.id },
      actions: [{ type: 'webhook', url: 'https://hooks.example.com/in', fields: {} }],
    },
  });
  // A run needs a snapshot with entering records; its row is all the routes read.
  const [playRun] = await f.t.database.db
    .insert(playRuns)
    .values({
      orgId: f.danaOrg,
      playId: play.id,
      trigger: 'cohort_entered',
      windowEnd: new Date(),
      counts: { records: 0, succeeded: 0, failed: 0, pending: 0 },
    })
    .returning();
  // An activation needs a connected destination to be created through the API; its row is
  // all the routes read.
  const [activation] = await f.t.database.db
    .insert(activations)
    .values({
      orgId: f.danaOrg,
      name: 'Dana-only activation 7f3a',
      cohortId: cohort.id,
      provider: 'salesforce',
      object: 'Account',
      matchColumn: 'id',
      matchField: 'Id',
      mode: 'update',
      fields: [],
      schedule: 'manual',
      onLeave: 'nothing',
    })
    .returning();
  // A firing of Dana's alert: its row is all the resend route reads.
  const [firing] = await f.t.database.db
    .insert(notificationFirings)
    .values({
      orgId: f.danaOrg,
      notificationId: alert.id,
      snapshotAt: new Date(),
      type: 'new',
      count: 0,
      previousCount: null,
      records: [],
    })
    .returning();
  const score = await created<{ id: string }>(f, f.dana, {
    method: 'POST',
    url: `${API}/${SCORES_API.list}`,
    payload: {
      name: 'Dana-only score 7f3a',
      baseTable: 'accounts',
      behaviour: [{ event: 'export_created', points: 5, lifespanDays: 30 }],
    },
  });
  const file: StoredFile = await uploadPng(f.t, f.dana);
  const eveTicket = await created<{ ticket: string }>(f, f.eve, {
    method: 'POST',
    url: `${API}/segments/${f.eveSegmentId('All accounts')}/export-tickets`,
    payload: {},
  });
  return {
    f,
    alex,
    support,
    danaUserId: dana.id,
    danaIds: {
      'segments/{segmentId}': segmentId,
      'cohorts/{id}': cohort.id,
      'notifications/{id}': alert.id,
      'plays/{id}': play.id,
      'activations/{id}': activation!.id,
      'scores/{id}': score.id,
      'runs/{runId}': playRun!.id,
      'firings/{firingId}': firing!.id,
      'sources/{id}': source.id,
      'syncs/{id}': sync.id,
      'runs/{id}': mappingRun!.id,
      'files/{fileId}': file.id,
      '/{userId}': dana.id,
      'steps/{stepId}': 'connect-my-crm',
      'tables/{table}': 'accounts',
      // Records live in each organization's own warehouse: ids only Dana's could hold.
      'accounts/{id}': 'dana-account-7f3a',
      'users/{id}': 'dana-user-7f3a',
      // A score breakdown's record (`scores/records/{table}/{recordId}`): Dana's id again.
      '{table}/{recordId}': 'dana-account-7f3a',
      'records/{table}': 'accounts',
      // A provider names a kind of connection, not a record: each organization has its own
      // row per provider, and composer/__tests__/connections-*.test.ts check Eve sees none of Dana's.
      'connections/{provider}': 'salesforce',
      // An activation's destination: a provider and one of its objects, read through the
      // caller's own connection.
      'destinations/{provider}': 'salesforce',
      'objects/{object}': 'Account',
    },
    perUser: new Set(['/{userId}']),
    shared: new Set([
      'tables/{table}',
      'records/{table}',
      'steps/{stepId}',
      'connections/{provider}',
      'destinations/{provider}',
      'objects/{object}',
    ]),
    callerQuery: { token: eveTicket.ticket },
    danaMarkers: [
      f.danaOrg,
      dana.email,
      'Dana-only cohort 7f3a',
      'Dana-only source 7f3a',
      'Dana-only alert 7f3a',
      'Dana-only play 7f3a',
      'Dana-only activation 7f3a',
      'Dana-only score 7f3a',
    ],
    impersonating: (user, targetUserId) => (request) =>
      asUser(user, { ...request, headers: { [IMPERSONATE_HEADER]: targetUserId } }),
  };
}
