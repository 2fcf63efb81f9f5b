import {
  PLAYS_API,
  playWithSecretsSchema,
  type CreatePlayBody,
  type PlayWithSecrets,
} from '@revlane/contracts';
import type { TestUser } from '../../../../../test/app.js';
import type { LiveOpsFixture } from '../../../live-ops/__tests__/live-ops-fixture.js';
import { routesClient } from '../../../live-ops/__tests__/routes-client.js';

export const MAIN_API = '/api/v1';

/** The play routes as a test calls them: through HTTP, checked against the contract. */
export function playsClient(f: LiveOpsFixture) {
  const { call, create, read } = routesClient(f, MAIN_API);
  return {
    call,
    read,
    create: (user: TestUser, body: CreatePlayBody): Promise<PlayWithSecrets> =>
      create(user, PLAYS_API.list, body, playWithSecretsSchema),
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
