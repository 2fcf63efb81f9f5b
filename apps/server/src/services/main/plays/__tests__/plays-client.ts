import { expect } from 'vitest';
import {
  PLAYS_API,
  playWithSecretsSchema,
  type CreatePlayBody,
  type PlayWithSecrets,
} from '@revlane/contracts';
import type { TestUser } from '../../../../../test/app.js';
import type { LiveOpsFixture } from '../../../live-ops/__tests__/live-ops-fixture.js';

export const MAIN_API = '/api/v1';

/** The play routes as a test calls them: through HTTP, checked against the contract. */
export function playsClient(f: LiveOpsFixture) {
  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    f.inject(user, {
      method,
      url: `${MAIN_API}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    async create(user: TestUser, body: CreatePlayBody): Promise<PlayWithSecrets> {
      const response = await call(user, 'POST', PLAYS_API.list, body);
      expect(response.statusCode, response.body).toBe(201);
      return playWithSecretsSchema.parse(response.json<{ data: unknown }>().data);
    },
    async read<T>(user: TestUser, path: string): Promise<T> {
      const response = await call(user, 'GET', path);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: T }>().data;
    },
  };
}

/** The paths of a 400's field errors. */
export const errorPaths = (body: string) =>
  (JSON.parse(body) as { errors?: { path: string }[] }).errors?.map((error) => error.path) ?? [];

/** A draft play with a webhook action on the cohort. */
export function webhookPlayBody(cohortId: string, url = 'https://hooks.example.com/revlane') {
  return {
    name: 'Slack + webhook',
    trigger: { type: 'cohort_entered' as const, cohortId },
    actions: [
      {
        type: 'webhook' as const,
        url,
        fields: { account: '{{account.name}}', plan: '{{account.plan}}' },
      },
    ],
  };
}
