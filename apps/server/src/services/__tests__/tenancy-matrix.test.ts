import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/app.js';
import {
  fillTemplate,
  listRouteOperations,
  operationName,
  parameterKeys,
  type RouteOperation,
} from '../../../test/openapi-routes.js';
import { KNOWN_FIELD_VALUES, sampleOf } from '../../../test/sample-body.js';
import { createTenancyWorld, type TenancyWorld } from './tenancy-fixtures.js';

/**
 * Public by design (ADR 0005): a stored file is served to whoever holds its URL, so a
 * foreign caller reading it is the intended behaviour, not a leak.
 */
const CAPABILITY_URLS = new Set([
  'GET /content/api/v1/files/{fileId}',
  'GET /content/api/v1/files/{fileId}/thumbnail',
]);

const REFUSED = [403, 404];

describe('tenancy matrix: every published route, called with another organization’s ids (docs/architecture.md §2)', () => {
  let w: TenancyWorld;
  let operations: RouteOperation[];
  let before: string[];
  beforeAll(async () => {
    w = await createTenancyWorld();
    operations = await listRouteOperations(w.f.t.app);
    before = await danaView();
  });
  afterAll(() => w.f.close());

  /** What Dana sees of her records: unchanged by everything Eve tries. */
  const danaView = () =>
    Promise.all(
      [
        '/live-ops/api/v1/segments/{segmentId}',
        '/live-ops/api/v1/cohorts/{id}',
        '/composer/api/v1/sources/{id}',
        '/composer/api/v1/syncs/{id}',
      ].map(async (template) => {
        const path = template.replace(/^\/[^{]*?api\/v1/, '');
        const url = fillTemplate({ template, path }, (p, c) => w.danaIds[`${c}/{${p}}`]!);
        const response = await w.f.inject(w.f.dana, { method: 'GET', url });
        // A sync's progress moves on its own; which records exist and what they hold must not.
        const { data } = response.json<{ data: Record<string, unknown> }>();
        const {
          lastSync: _l,
          status: _s,
          rowsRead: _r,
          finishedAt: _f,
          error: _e,
          startedAt: _st,
          ...stable
        } = data;
        return `${response.statusCode} ${JSON.stringify(stable)}`;
      }),
    );

  const withPath = (operation: RouteOperation) => operation.pathParams.length > 0;
  const ownsRecord = (operation: RouteOperation) =>
    parameterKeys(operation).some((key) => !w.shared.has(key));

  const requestFor = (operation: RouteOperation): InjectOptions & { url: string } => {
    const url = fillTemplate(
      operation,
      (param, collection) => w.danaIds[`${collection}/{${param}}`]!,
    );
    const values: Record<string, unknown> = { ...KNOWN_FIELD_VALUES, ...w.callerQuery };
    const query = Object.fromEntries(
      operation.queryParams
        .filter((name) => name in values)
        .map((name) => [name, String(values[name])]),
    );
    return {
      method: operation.method,
      url,
      query,
      ...(operation.jsonBody ? { payload: sampleOf(operation.jsonBody) as object } : {}),
    };
  };

  const leaksOf = (request: { url: string }, response: LightMyRequestResponse) =>
    w.danaMarkers.filter(
      (marker) => !request.url.includes(marker) && response.body.includes(marker),
    );

  it('has a fixture for every path parameter the six services publish', () => {
    const missing = operations
      .flatMap((operation) =>
        parameterKeys(operation).map((key) => [key, operationName(operation)]),
      )
      .filter(([key]) => !(key! in w.danaIds))
      .map(([key, name]) => `${name}: ${key}`);
    expect(missing, 'add a record of this kind to tenancy-fixtures.ts').toEqual([]);
    expect(operations.filter(withPath).length).toBeGreaterThanOrEqual(25);
  });

  const callEach = async (
    caller: (r: InjectOptions) => InjectOptions,
    select: (o: RouteOperation) => boolean,
  ) => {
    const failures: string[] = [];
    let called = 0;
    for (const operation of operations.filter(select)) {
      if (operation.multipart || CAPABILITY_URLS.has(operationName(operation))) continue;
      const request = requestFor(operation);
      const response = await w.f.t.app.inject(caller(request));
      called += 1;
      const leaks = leaksOf(request, response);
      if (ownsRecord(operation) && !REFUSED.includes(response.statusCode))
        failures.push(
          `${operationName(operation)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      if (leaks.length > 0) failures.push(`${operationName(operation)} leaks ${leaks.join(', ')}`);
    }
    return { failures, called };
  };

  const as = (user: TestUser) => (request: InjectOptions) => ({
    ...request,
    headers: { authorization: `Bearer ${user.token}`, ...request.headers },
  });

  it('refuses Eve (another organization) Dana’s ids on every route with a path id, showing nothing of Dana’s', async () => {
    const { failures, called } = await callEach(as(w.f.eve), withPath);
    console.info(`tenancy matrix: ${operations.length} operations, ${called} called as Eve`);
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThanOrEqual(25);
  });

  it('refuses Alex (Dana’s colleague) Dana’s per-user records', async () => {
    const perUser = (operation: RouteOperation) =>
      parameterKeys(operation).some((key) => w.perUser.has(key));
    const { failures, called } = await callEach(as(w.alex), perUser);
    console.info(`tenancy matrix: ${called} per-user operations called as Alex`);
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThan(0);
  });

  it('lets only a support token act as Dana: Eve’s Impersonate-User header is refused on every route', async () => {
    const failures: string[] = [];
    let count = 0;
    for (const operation of operations.filter((o) => !o.isPublic && !o.multipart)) {
      const request = requestFor(operation);
      const response = await w.f.t.app.inject(w.impersonating(w.f.eve, w.danaUserId)(request));
      count += 1;
      if (response.statusCode !== 403 || leaksOf(request, response).length > 0)
        failures.push(`${operationName(operation)} → ${response.statusCode}`);
    }
    console.info(`tenancy matrix: ${count} operations called impersonating without support`);
    expect(failures).toEqual([]);
    const supported = await w.f.t.app.inject(
      w.impersonating(
        w.support,
        w.danaUserId,
      )({ method: 'GET', url: `/live-ops/api/v1/segments/${w.danaIds['segments/{segmentId}']}` }),
    );
    expect(supported.statusCode).toBe(200);
  });

  it('leaves Dana’s records as they were', async () => {
    expect(await danaView()).toEqual(before);
  });
});
