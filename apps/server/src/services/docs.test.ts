import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { SERVICES } from './index.js';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, object>;
        requestBody?: unknown;
        security?: unknown;
        parameters?: unknown[];
      }
    >
  >;
}

describe('OpenAPI per service (docs/architecture.md §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const documentOf = async (mount: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${mount}/docs/json` });
    expect(response.statusCode, mount).toBe(200);
    return response.json<OpenApiDocument>();
  };

  it.each(SERVICES.map((service) => [service.name, service.mount]))(
    'the %s service publishes its own document and UI without a token',
    async (_name, mount) => {
      const document = await documentOf(mount);
      expect(document.openapi).toMatch(/^3\./);
      expect(document.servers).toEqual([{ url: mount }]);
      const ui = await t.app.inject({ method: 'GET', url: `${mount}/docs` });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain(`${mount}/docs/static/swagger-ui-bundle.js`);
      const asset = await t.app.inject({
        method: 'GET',
        url: `${mount}/docs/static/swagger-ui.css`,
      });
      expect(asset.statusCode).toBe(200);
    },
  );

  it('lists every user-service route with its success and error responses, and nothing else', async () => {
    const document = await documentOf('/user/api/v1');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /users/me',
        'PATCH /users/me',
        'PATCH /users/me/profile',
        'POST /users/me/accept-terms',
        'GET /users/me/onboarding-steps',
        'PATCH /{userId}/onboarding/steps/{stepId}',
        'GET /users/me/dashboard',
        'PATCH /users/me/dashboard',
        'GET /users/me/notifications/slack/channels',
        'GET /users/me/notifications/slack',
        'PATCH /users/me/notifications/slack',
        'POST /users/me/notifications/slack/test',
      ].sort(),
    );
    const patchProfile = document.paths['/users/me/profile']!.patch!;
    expect(Object.keys(patchProfile.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '500',
    ]);
    expect(patchProfile.requestBody).toBeDefined();
  });

  it('lists the live-ops and content routes, public file reads marked as needing no token', async () => {
    const liveOps = await documentOf('/live-ops/api/v1');
    expect(Object.keys(liveOps.paths).sort()).toEqual([
      '/accounts/{id}',
      '/accounts/{id}/activity',
      '/accounts/{id}/events',
      '/cohorts/favorites',
      '/cohorts/trends',
      '/cohorts/{id}',
      '/cohorts/{id}/changes',
      '/cohorts/{id}/versions',
      '/notifications',
      '/notifications/inbox',
      '/notifications/inbox/read',
      '/notifications/test',
      '/notifications/{id}',
      '/notifications/{id}/firings',
      '/notifications/{id}/firings/{firingId}/resend',
      '/notifications/{id}/test',
      '/scores',
      '/scores/preview',
      '/scores/records/{table}/{recordId}',
      '/scores/{id}',
      '/scores/{id}/backtest',
      '/scores/{id}/versions',
      '/segments',
      '/segments/filters',
      '/segments/me',
      '/segments/tables/{table}/columns',
      '/segments/{segmentId}',
      '/segments/{segmentId}/cohorts',
      '/segments/{segmentId}/cohorts/{id}',
      '/segments/{segmentId}/data',
      '/segments/{segmentId}/dependents',
      '/segments/{segmentId}/export',
      '/segments/{segmentId}/export-tickets',
      '/segments/{segmentId}/notifications',
      '/segments/{segmentId}/rolling-avg',
      '/segments/{segmentId}/trend',
      '/segments/{segmentId}/versions',
      '/users/{id}',
      '/users/{id}/activity',
      '/users/{id}/events',
    ]);
    const download = liveOps.paths['/segments/{segmentId}/export']!.get!;
    expect(download.security).toEqual([]);
    const data = liveOps.paths['/segments/{segmentId}/data']!.get!;
    expect(Object.keys(data.responses).sort()).toEqual([
      '200',
      '202',
      '400',
      '401',
      '403',
      '404',
      '500',
    ]);
    expect(Object.keys(liveOps.paths['/segments/me']!.get!.responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '500',
    ]);

    const content = await documentOf('/content/api/v1');
    const operations = Object.entries(content.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      'GET /files/{fileId}',
      'GET /files/{fileId}/thumbnail',
      'POST /files',
    ]);
    const upload = content.paths['/files']!.post!;
    expect(upload.security).toBeUndefined();
    expect(Object.keys(upload.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '413',
      '415',
      '500',
    ]);
    expect(upload.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: { properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    });
    for (const path of ['/files/{fileId}', '/files/{fileId}/thumbnail']) {
      const read = content.paths[path]!.get!;
      expect(read.security, path).toEqual([]);
      expect(Object.keys(read.responses).sort(), path).toEqual(['200', '404', '500']);
      expect(read.parameters, path).toEqual([
        expect.objectContaining({ in: 'path', name: 'fileId', required: true }),
      ]);
    }
    expect(Object.keys(content.paths['/files/{fileId}']!.get!.responses['200']!)).toContain(
      'content',
    );
  });

  it('lists the composer’s routes, each behind a token but the OAuth callback', async () => {
    const composer = await documentOf('/composer/api/v1');
    const operations = Object.entries(composer.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        // The provider sends the browser back without a token: the single-use state is the proof.
        const isCallback = path === '/connections/{provider}/oauth';
        expect(operation.security, `${method} ${path}`).toEqual(isCallback ? [] : undefined);
        return `${method.toUpperCase()} ${path}`;
      }),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /sources',
        'POST /sources',
        'GET /sources/{id}',
        'PATCH /sources/{id}',
        'DELETE /sources/{id}',
        'POST /sources/test',
        'POST /sources/{id}/test',
        'GET /sources/{id}/tables',
        'GET /sources/{id}/tables/{table}/preview',
        'POST /sources/{id}/syncs',
        'GET /sources/{id}/syncs',
        'GET /syncs/{id}',
        'DELETE /syncs/{id}',
        'GET /sources/{id}/redash/queries',
        'GET /connections',
        'POST /connections/{provider}',
        'GET /connections/{provider}',
        'DELETE /connections/{provider}',
        'POST /connections/{provider}/syncs',
        'GET /connections/{provider}/oauth',
        'POST /connections/intercom/write-access',
      ]),
    );
  });

  it('lists the main service’s play and activation routes (definitions, preview, runs)', async () => {
    const document = await documentOf('/api/v1');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /plays',
        'POST /plays',
        'GET /plays/{id}',
        'PATCH /plays/{id}',
        'DELETE /plays/{id}',
        'POST /plays/{id}/preview',
        'GET /plays/{id}/runs',
        'GET /plays/{id}/runs/{runId}',
        'POST /plays/{id}/runs/{runId}/resend',
        'GET /activations',
        'POST /activations',
        'GET /activations/{id}',
        'PATCH /activations/{id}',
        'DELETE /activations/{id}',
        'GET /activations/budgets',
        'PUT /activations/budgets',
        'GET /activations/destinations/{provider}/objects',
        'GET /activations/destinations/{provider}/objects/{object}/fields',
        'POST /activations/{id}/runs',
        'GET /activations/{id}/runs',
        'GET /activations/{id}/runs/{runId}',
        'GET /activations/{id}/runs/{runId}/records',
      ].sort(),
    );
  });

  it('keeps the transfer service’s document empty (tus is not JSON)', async () => {
    for (const service of SERVICES.filter((s) => ['transfer'].includes(s.name))) {
      expect(Object.keys((await documentOf(service.mount)).paths), service.name).toEqual([]);
    }
  });
});
