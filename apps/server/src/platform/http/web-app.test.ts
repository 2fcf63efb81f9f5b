import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the SPA', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'revlane-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Revlane</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Revlane</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long, immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/app/home',
    '/app/profile?tab=x',
    '/app/segments/42/7',
    '/404',
    '/idp/interaction/abc123',
  ])('answers the client route %s with index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    ['an API path, even for a browser', '/user/api/v1/nope', html],
    ['the identity provider outside its pages', '/idp/nope', html],
    ['a missing asset', '/assets/missing.js', { accept: '*/*' }],
    ['a client route asked for as JSON', '/app/home', { accept: 'application/json' }],
  ])('answers %s with a JSON 404', async (_name, url, headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('serving the SPA before it is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('explains how to build it instead of crashing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/home', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: 'service_unavailable',
      message: expect.stringContaining('npm run build') as unknown,
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
