import { expect } from 'vitest';
import {
  LIVE_OPS_API,
  SCORES_API,
  scoreSchema,
  type SegmentColumn,
  scoreVersionListSchema,
  type CreateScoreBody,
  type Score,
  type ScoreVersion,
} from '@revlane/contracts';
import type { TestUser } from '../../../../test/app.js';
import { API, type LiveOpsFixture } from './live-ops-fixture.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The score routes as a test calls them: through HTTP, checked against the contract. */
export function scoresClient(f: LiveOpsFixture) {
  const call = (user: TestUser, method: Method, path: string, payload?: unknown) =>
    f.inject(user, {
      method,
      url: `${API}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    post: (user: TestUser, payload: unknown) => call(user, 'POST', SCORES_API.list, payload),
    patch: (user: TestUser, id: string, payload: unknown) =>
      call(user, 'PATCH', SCORES_API.score(id), payload),
    remove: (user: TestUser, id: string) => call(user, 'DELETE', SCORES_API.score(id)),
    get: (user: TestUser, id: string) => call(user, 'GET', SCORES_API.score(id)),
    async create(user: TestUser, body: Partial<CreateScoreBody>): Promise<Score> {
      const response = await call(user, 'POST', SCORES_API.list, body);
      expect(response.statusCode, response.body).toBe(201);
      return scoreSchema.parse(response.json<{ data: Score }>().data);
    },
    async list(user: TestUser): Promise<Score[]> {
      const response = await call(user, 'GET', SCORES_API.list);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Score[] }>().data;
    },
    async versions(user: TestUser, id: string): Promise<ScoreVersion[]> {
      const response = await call(user, 'GET', SCORES_API.versions(id));
      expect(response.statusCode, response.body).toBe(200);
      return scoreVersionListSchema.parse(response.json<{ data: ScoreVersion[] }>().data);
    },
  };
}

/** Field paths of a 400 or 409 answer. */
export const errorPaths = (response: { json: <T>() => T }) =>
  response.json<{ errors?: { path: string }[] }>().errors?.map((error) => error.path) ?? [];

/** How long a test waits for a queued score rebuild (ADR 0034) before it fails. */
export const REBUILD_DEADLINE_MS = 60_000;

/** Polls `check` (bounded) until it answers something other than undefined. */
export async function untilState<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = REBUILD_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: timed out`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The column names of Dana's segment table, as the columns route answers them. */
export async function columnsOf(f: LiveOpsFixture, table: 'accounts' | 'users') {
  const response = await f.inject(f.dana, {
    method: 'GET',
    url: `${API}/${LIVE_OPS_API.columns(table)}`,
  });
  return response.json<{ data: SegmentColumn[] }>().data.map((column) => column.name);
}

/** Waits (bounded) until the queued rebuild has (or no longer has) the accounts column. */
export async function untilColumn(f: LiveOpsFixture, name: string, present: boolean) {
  await untilState(`${name} ${present ? 'coming' : 'going'}`, async () =>
    (await columnsOf(f, 'accounts')).includes(name) === present ? true : undefined,
  );
}

/** The live-ops score tests' rules: a plan and active users for fit, exports for behaviour. */
export const SCORE_FIT_RULES = [
  {
    filters: [{ field: 'plan', operator: 'includes' as const, value: ['pro', 'enterprise'] }],
    points: 40,
  },
  { filters: [{ field: 'active_users_7d', operator: 'gte' as const, value: 3 }], points: 30 },
];
export const SCORE_BEHAVIOUR = [{ event: 'export_created', points: 5, lifespanDays: 365 }];
/** Grade A from 30 points instead of the default 80: some of the tiny data's accounts reach it. */
export const LOWER_GRADES = [
  { label: 'A', min: 30 },
  { label: 'B', min: 20 },
  { label: 'C', min: 10 },
  { label: 'D', min: 0 },
];
