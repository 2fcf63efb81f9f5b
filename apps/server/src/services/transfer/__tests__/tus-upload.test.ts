import { existsSync, readdirSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Source } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { asUser } from '../../../../test/app.js';
import { tusPatch } from '../../../../test/uploads.js';
import {
  createComposerFixture,
  type ComposerFixture,
} from '../../composer/__tests__/composer-fixture.js';
import { leadsCsv } from '../../composer/__tests__/leads-csv.js';
import { countRows, waitForSync } from '../../composer/__tests__/sync-helpers.js';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const ROWS = 5_000;
/** Past the start of an upload (1–2 MB) that is sniffed while the rest arrives. */
const LEADS = 80_000;
const csv = Buffer.from(
  [
    'id,name,amount',
    ...Array.from({ length: ROWS }, (_, i) => `${i + 1},"Name ${i + 1}",${i}.5`),
  ].join('\n') + '\n',
);

describe('transfer: resumable CSV upload (tus 1.0)', () => {
  let f: ComposerFixture;
  beforeAll(async () => {
    f = await createComposerFixture({ env: { ...FAST_JOBS_ENV, UPLOAD_MAX_BYTES: '5000000' } });
  });
  afterAll(() => f.close());

  const tus = (token: string | null, request: InjectOptions) =>
    f.t.app.inject(
      token
        ? asUser(token, { ...request, headers: { ...TUS, ...request.headers } })
        : { ...request, headers: { ...TUS, ...request.headers } },
    );

  const create = (token: string, length: number, metadata = `filename ${b64('leads.csv')}`) =>
    tus(token, {
      method: 'POST',
      url: '/transfer/files',
      headers: { 'upload-length': String(length), 'upload-metadata': metadata },
    });

  const patch = (token: string, location: string, offset: number, bytes: Buffer) =>
    tus(token, tusPatch(location, offset, bytes));

  it('resumes an upload after half, then creates the CSV source and syncs it', async () => {
    const claim = vi.spyOn(f.t.app.csvLoadAhead, 'claim');
    const created = await create(f.dana.token, csv.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = new URL(created.headers.location as string, 'http://localhost').pathname;
    expect(location).toMatch(new RegExp(`^/transfer/files/${f.danaOrg}_[0-9a-f]{32}$`));

    const half = Math.floor(csv.length / 2);
    const first = await patch(f.dana.token, location, 0, csv.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    // The connection dropped: the client asks where to resume.
    const head = await tus(f.dana.token, { method: 'HEAD', url: location });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await patch(f.dana.token, location, half, csv.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    const sourceId = rest.headers['revlane-source-id'] as string;
    const syncId = rest.headers['revlane-sync-id'] as string;

    const source = await f.call(f.dana, { method: 'GET', url: `sources/${sourceId}` });
    expect(source.json<{ data: Source }>().data).toMatchObject({
      type: 'csv',
      name: 'leads',
      config: { fileName: 'leads.csv' },
    });
    const sync = await waitForSync(f, f.dana, syncId);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    expect(await countRows(f, sync.tables[0]!.warehouseTable)).toBe(ROWS);
    // The rows were loaded while they arrived, and the sync took that load (ADR 0029).
    expect(await claim.mock.results.at(-1)?.value).toMatchObject({ rows: ROWS });
    expect(readdirSync(f.t.config.uploadDir).filter((n) => !n.startsWith('.'))).toEqual([]);

    // A second upload naming the source replaces its file and syncs it again.
    const again = await create(
      f.dana.token,
      csv.length,
      `filename ${b64('leads-v2.csv')},sourceId ${b64(sourceId)}`,
    );
    const againAt = new URL(again.headers.location as string, 'http://localhost').pathname;
    const done = await patch(f.dana.token, againAt, 0, csv);
    expect(done.headers['revlane-source-id']).toBe(sourceId);
    const resync = await waitForSync(f, f.dana, done.headers['revlane-sync-id'] as string);
    expect(resync.status).toBe('succeeded');
  });

  it('lands a column as text when only a row past the sniffed start of the upload says so', async () => {
    const claim = vi.spyOn(f.t.app.csvLoadAhead, 'claim');
    const leads = Buffer.from(leadsCsv(LEADS));
    const created = await create(f.dana.token, leads.length, `filename ${b64('late.csv')}`);
    const location = new URL(created.headers.location as string, 'http://localhost').pathname;
    const half = Math.floor(leads.length / 2);
    expect((await patch(f.dana.token, location, 0, leads.subarray(0, half))).statusCode).toBe(204);
    const done = await patch(f.dana.token, location, half, leads.subarray(half));
    const sync = await waitForSync(f, f.dana, done.headers['revlane-sync-id'] as string);
    expect(sync).toMatchObject({ status: 'succeeded', rowsWritten: LEADS });
    // The load while arriving stopped at 'X-1'; the sync sniffed the whole file instead.
    expect(await claim.mock.results.at(-1)?.value).toBeNull();
    const engine = f.t.app.warehouse.engine;
    const table = engine.dialect.table(f.danaOrg, sync.tables[0]!.warehouseTable);
    const [last] = await engine.query(f.danaOrg, {
      sql: `SELECT code, typeof(code) AS type FROM ${table} WHERE id = ${LEADS}`,
      params: [],
    });
    expect(last).toEqual({ code: 'X-1', type: 'VARCHAR' });
    expect(await engine.listTables(f.danaOrg, 'upl_')).toEqual([]);
  });

  it('asks for the token on every request and hides other organizations’ uploads', async () => {
    const created = await create(f.dana.token, 10);
    const location = new URL(created.headers.location as string, 'http://localhost').pathname;
    expect((await create('', 10)).statusCode).toBe(401);
    expect((await tus(null, { method: 'HEAD', url: location })).statusCode).toBe(401);
    expect((await tus(f.eve.token, { method: 'HEAD', url: location })).statusCode).toBe(404);
    expect((await patch(f.eve.token, location, 0, Buffer.from('id\n1\n'))).statusCode).toBe(404);
    const unknown = await create(
      f.dana.token,
      10,
      `filename ${b64('x.csv')},sourceId ${b64('nope')}`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an upload over UPLOAD_MAX_BYTES', async () => {
    const tooBig = await create(f.dana.token, 5_000_001);
    expect(tooBig.statusCode).toBe(413);
    expect(existsSync(f.t.config.uploadDir)).toBe(true);
  });
});
