import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Source } from '@revlane/contracts';
import {
  asUser,
  createTestApp,
  organizationIdOf,
  testUser,
  type TestApp,
  type TestAppOptions,
  type TestUser,
} from '../../../../test/app.js';

export const COMPOSER = '/composer/api/v1';

/** A request with a path relative to the composer's mount. */
export type ComposerRequest = Omit<InjectOptions, 'url'> & { url: string };

export interface ComposerFixture {
  t: TestApp;
  dana: TestUser;
  eve: TestUser;
  danaOrg: string;
  call: (user: TestUser, request: ComposerRequest) => Promise<LightMyRequestResponse>;
  /** `POST sources`, expecting 201. */
  createSource: (user: TestUser, body: object) => Promise<Source>;
  close: () => Promise<void>;
}

/** The app with two organizations (Dana's and Eve's); composer paths are relative. */
export async function createComposerFixture(
  options: TestAppOptions = {},
): Promise<ComposerFixture> {
  const t = await createTestApp(options);
  const dana = await testUser(t, 'dana@acme-demo.example');
  const eve = await testUser(t, 'eve@other-co.example');
  const danaOrg = await organizationIdOf(t, dana);
  await organizationIdOf(t, eve);
  const call = (user: TestUser, request: ComposerRequest) =>
    t.app.inject(asUser(user, { ...request, url: `${COMPOSER}/${request.url}` }));
  return {
    t,
    dana,
    eve,
    danaOrg,
    call,
    async createSource(user, body) {
      const response = await call(user, { method: 'POST', url: 'sources', payload: body });
      if (response.statusCode !== 201) throw new Error(`create source: ${response.body}`);
      return response.json<{ data: Source }>().data;
    },
    close: () => t.close(),
  };
}
