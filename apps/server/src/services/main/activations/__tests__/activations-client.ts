import {
  ACTIVATIONS_API,
  activationSchema,
  type Activation,
  type CreateActivationBody,
} from '@revlane/contracts';
import type { TestUser } from '../../../../../test/app.js';
import type { LiveOpsFixture } from '../../../live-ops/__tests__/live-ops-fixture.js';
import { routesClient } from '../../../live-ops/__tests__/routes-client.js';
import { MAIN_API } from '../../plays/__tests__/plays-client.js';

export { errorPaths } from '../../plays/__tests__/plays-client.js';

/** The activation routes as a test calls them: through HTTP, checked against the contract. */
export function activationsClient(f: LiveOpsFixture) {
  const { call, create, read } = routesClient(f, MAIN_API);
  return {
    call,
    read,
    create: (user: TestUser, body: CreateActivationBody): Promise<Activation> =>
      create(user, ACTIVATIONS_API.list, body, activationSchema),
    put: (user: TestUser, path: string, payload: object) =>
      f.inject(user, { method: 'PUT', url: `${MAIN_API}/${path}`, payload }),
  };
}

/** An update activation of the cohort's accounts into Salesforce accounts, by Salesforce id. */
export function salesforceAccountsBody(cohortId: string): CreateActivationBody {
  return {
    name: 'Plan to Salesforce',
    cohortId,
    destination: { provider: 'salesforce', object: 'Account' },
    match: { column: 'id', field: 'Id' },
    mode: 'update',
    fields: [{ column: 'plan', field: 'Description' }],
  };
}
