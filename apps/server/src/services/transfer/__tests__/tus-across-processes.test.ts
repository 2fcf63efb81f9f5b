import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Source, Sync } from '@revlane/contracts';
import { buildApp } from '../../../app.js';
import { csvFileOf } from '../../../ingestion/index.js';
import { openDatabase, type DatabaseHandle } from '../../../platform/database/database.js';
import { sharedDirOf } from '../../../platform/storage/shared-dir.js';
import { asUser, testConfig } from '../../../../test/app.js';
import { withAdminClient } from '../../../../test/database.js';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { tusPatch } from '../../../../test/uploads.js';
import { createTestKeys, signTestToken } from '../../../../test/tokens.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const TUS = { 'tus-resumable': '1.0.0' };
const COMPOSER = '/composer/api/v1';
const ROWS = 5_000;
const csv = Buffer.from(
  [
    'id,name,amount',
    ...Array.from({ length: ROWS }, (_, i) => `${i + 1},"Name ${i + 1}",${i}.5`),
  ].join('\n') + '\n',
);

interface Process {
  app: FastifyInstance | null;
  database: DatabaseHandle;
  dataDir: string;
}

if (!adminUrl)
  console.warn(
    'tus across processes skipped: TEST_DATABASE_URL is unset (PGlite cannot be shared by two processes)',
  );

/**
 * Two web processes and a worker on one PostgreSQL metadata database and one UPLOAD_DIR,
 * each with its own data directory, as on three machines (ADR 0035).
 */
describe.skipIf(!adminUrl)('transfer: a tus upload across processes (ADR 0035)', () => {
  const name = `revlane_test_${randomBytes(6).toString('hex')}`;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'revlane-shared-uploads-'));
  const processes: Process[] = [];
  type Started = Process & { app: FastifyInstance };
  let webA: Started;
  let webB: Started;
  let worker: Started;
  let token: string;

  beforeAll(async () => {
    await withAdminClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const keys = await createTestKeys();
    const start = async (role: 'web' | 'worker') => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `revlane-${role}-`));
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      const config = testConfig({
        ...FAST_JOBS_ENV,
        REVLANE_DATA_DIR: dataDir,
        REVLANE_ROLE: role,
        UPLOAD_DIR: uploadDir,
      });
      const started: Process = { app: null, database, dataDir };
      processes.push(started);
      started.app = await buildApp({ config, database, jwks: keys.jwks });
      await started.app.ready();
      return started as Process & { app: FastifyInstance };
    };
    webA = await start('web');
    webB = await start('web');
    // The worker lands the rows in its own DuckDB file: only it writes the warehouse here.
    worker = await start('worker');
    token = await signTestToken(keys, {
      sub: `auth0|${randomBytes(6).toString('hex')}`,
      email: 'dana@acme-demo.example',
      name: 'dana',
    });
  });

  afterAll(async () => {
    for (const { app, database, dataDir } of processes.reverse()) {
      await app?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (adminUrl)
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const tus = (at: Started, request: InjectOptions) =>
    at.app.inject(asUser(token, { ...request, headers: { ...TUS, ...request.headers } }));
  const patch = (at: Started, location: string, offset: number, bytes: Buffer) =>
    tus(at, tusPatch(location, offset, bytes));
  const composer = (at: Started, url: string) =>
    at.app.inject(asUser(token, { method: 'GET', url: `${COMPOSER}/${url}` }));

  it('completes an upload whose requests reach different processes; a worker syncs the file', async () => {
    const claim = vi.spyOn(worker.app.csvLoadAhead, 'claim');
    const created = await tus(webA, {
      method: 'POST',
      url: '/transfer/files',
      headers: {
        'upload-length': String(csv.length),
        'upload-metadata': `filename ${Buffer.from('leads.csv').toString('base64')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = new URL(created.headers.location as string, 'http://localhost').pathname;
    const uploadId = location.split('/').at(-1)!;
    const orgId = uploadId.split('_')[0]!;

    const half = Math.floor(csv.length / 2);
    const first = await patch(webB, location, 0, csv.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    // The client lost its connection and asks where to resume: another process answers.
    const head = await tus(webA, { method: 'HEAD', url: location });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(csv.length));
    const rest = await patch(webA, location, half, csv.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    const sourceId = rest.headers['revlane-source-id'] as string;
    const syncId = rest.headers['revlane-sync-id'] as string;

    // The file is whole, in the shared directory, and nothing of the upload is left.
    const file = csvFileOf(sharedDirOf(webA.app.config), orgId, sourceId);
    expect(file).toBe(path.join(uploadDir, 'sources', orgId, `${sourceId}.csv`));
    expect(readFileSync(file).equals(csv)).toBe(true);
    expect(readdirSync(uploadDir).filter((entry) => entry.startsWith(orgId))).toEqual([]);

    const source = await composer(webB, `sources/${sourceId}`);
    expect(source.json<{ data: Source }>().data).toMatchObject({ type: 'csv', name: 'leads' });
    let sync: Sync | undefined;
    for (
      let polls = 0;
      polls < 600 && !['succeeded', 'failed'].includes(sync?.status ?? '');
      polls += 1
    ) {
      if (polls > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      sync = (await composer(webB, `syncs/${syncId}`)).json<{ data: Sync }>().data;
    }
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    // Nothing was loaded ahead (web processes do not): the worker read the shared file.
    expect(claim).toHaveBeenCalledTimes(1);
    expect(await claim.mock.results[0]?.value).toBeNull();
    const engine = worker.app.warehouse.engine;
    const [count] = await engine.query(orgId, {
      sql: `SELECT count(*) AS n FROM ${engine.dialect.table(orgId, sync!.tables[0]!.warehouseTable)}`,
      params: [],
    });
    expect(Number(count!.n)).toBe(ROWS);
  });

  it('lets a request on one process take an upload a half-open request holds on another', async () => {
    const created = await tus(webA, {
      method: 'POST',
      url: '/transfer/files',
      headers: {
        'upload-length': String(csv.length),
        'upload-metadata': `filename ${Buffer.from('stalled.csv').toString('base64')}`,
      },
    });
    const location = new URL(created.headers.location as string, 'http://localhost').pathname;
    const half = Math.floor(csv.length / 2);
    // The client sent half, then its connection went quiet: B holds the upload's lock.
    const body = new Readable({ read() {} });
    body.push(csv.subarray(0, half));
    const stalled = tus(webB, {
      method: 'PATCH',
      url: location,
      headers: {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
    const uploadFile = path.join(uploadDir, location.split('/').at(-1)!);
    while (statSync(uploadFile).size < half)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // The client resumes on A: B is asked to let go (tus's release request) and A answers.
    const head = await tus(webA, { method: 'HEAD', url: location });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    // B's request ended with what it had written.
    expect((await stalled).headers['upload-offset']).toBe(String(half));
    body.destroy();
    const rest = await patch(webA, location, half, csv.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['revlane-source-id']).toBeTruthy();
  }, 20_000);
});
