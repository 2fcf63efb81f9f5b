import { expect } from 'vitest';
import type { TestUser } from '../../../../test/app.js';
import type { LiveOpsFixture } from './live-ops-fixture.js';

/** Routes under `base` (a mount such as `/live-ops/api/v1`) as a test calls them: through HTTP. */
export function routesClient(f: LiveOpsFixture, base: string) {
  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    f.inject(user, {
      method,
      url: `${base}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** `POST path`, expecting 201: what it created, checked against the contract's schema. */
  const create = async <T>(
    user: TestUser,
    path: string,
    body: unknown,
    schema: { parse: (data: unknown) => T },
  ): Promise<T> => {
    const response = await call(user, 'POST', path, body);
    expect(response.statusCode, response.body).toBe(201);
    return schema.parse(response.json<{ data: unknown }>().data);
  };
  /** `GET path`, expecting 200: its data. */
  const read = async <T>(user: TestUser, path: string): Promise<T> => {
    const response = await call(user, 'GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  return { call, create, read };
}
