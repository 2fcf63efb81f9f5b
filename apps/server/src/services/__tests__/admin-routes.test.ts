import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import {
  fillTemplate,
  listRouteOperations,
  operationName,
  type RouteOperation,
} from '../../../test/openapi-routes.js';

/** Services whose every write is the organization's settings (docs/product.md §6). */
const ADMIN_WRITES = new Set(['composer']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

describe('roles: a member reads, but cannot rewire the organization', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let operations: RouteOperation[];
  beforeAll(async () => {
    t = await createTestApp();
    // The first of a domain owns its organization; a colleague joins it as a member.
    owner = await testUser(t, 'olive@roles-test.example');
    member = await testUser(t, 'max@roles-test.example');
    for (const user of [owner, member])
      await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }));
    operations = await listRouteOperations(t.app);
  });
  afterAll(() => t.close());

  it('answers every write of connections, sources, syncs, the mapping and uploads with 403', async () => {
    const writes = operations.filter(
      (operation) =>
        ADMIN_WRITES.has(operation.service) && !operation.isPublic && !READS.has(operation.method),
    );
    expect(new Set(writes.map((operation) => operation.service))).toEqual(ADMIN_WRITES);
    expect(writes.length).toBeGreaterThanOrEqual(14);
    const allowed: string[] = [];
    for (const operation of writes) {
      const url = fillTemplate(operation, () => randomUUID());
      const response = await t.app.inject(
        asUser(member, {
          method: operation.method,
          url,
          ...(operation.jsonBody ? { payload: {} } : {}),
        }),
      );
      if (response.statusCode !== 403)
        allowed.push(`${operationName(operation)} → ${response.statusCode}`);
      else expect(response.json<{ message: string }>().message).toMatch(/^Only admins may /);
    }
    console.info(`member writes refused: ${writes.length - allowed.length} / ${writes.length}`);
    expect(allowed).toEqual([]);
  });

  it('refuses a member’s CSV upload (tus, outside the OpenAPI documents)', async () => {
    const tus = { 'tus-resumable': '1.0.0' };
    const upload = (user: TestUser) =>
      t.app.inject(
        asUser(user, {
          method: 'POST',
          url: '/transfer/files',
          headers: {
            ...tus,
            'upload-length': '10',
            'upload-metadata': `filename ${Buffer.from('leads.csv').toString('base64')}`,
          },
        }),
      );
    const refused = await upload(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Only admins may upload data sources');
    expect((await upload(owner)).statusCode).toBe(201);
  });

  it('lets the member read them, and an owner write', async () => {
    const list = await t.app.inject(
      asUser(member, { method: 'GET', url: '/composer/api/v1/sources' }),
    );
    expect(list.statusCode).toBe(200);
    const created = await t.app.inject(
      asUser(owner, {
        method: 'POST',
        url: '/composer/api/v1/sources',
        payload: { type: 'csv', name: 'Leads', config: { fileName: 'leads.csv' } },
      }),
    );
    expect(created.statusCode).toBe(201);
    const refused = await t.app.inject(
      asUser(member, {
        method: 'POST',
        url: '/composer/api/v1/sources',
        payload: { type: 'csv', name: 'Mine', config: { fileName: 'mine.csv' } },
      }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'forbidden',
      message: 'Only admins may change connections, data sources, syncs and the mapping',
    });
    const after = await t.app.inject(
      asUser(member, { method: 'GET', url: '/composer/api/v1/sources' }),
    );
    expect(after.json<{ data: { name: string }[] }>().data.map((s) => s.name)).toEqual(['Leads']);
  });
});
