import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetTab, Source, TablePreview, TestResult } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import {
  startFakeGoogleSheets,
  type FakeCell,
  type FakeGoogleSheets,
} from '../../../integrations/google-sheets/google-sheets-fake.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { googleSheetsEnvFor } from './fake-provider.js';
import { countRows, syncNow } from './sync-helpers.js';

const ACCOUNT = 'revlane-sync@revlane-test.iam.gserviceaccount.com';
const SHEET_ID = 'sheet_1a2b3c4d5e6f';
const PRIVATE_SHEET_ID = 'private_9z8y7x6w';
// 12,345 records over three chunks of 5,000, a blank line every 1,000 rows, and a grid
// with empty rows past the data, as a real sheet has.
const RECORDS = 12_345;
const usersRows: FakeCell[][] = [['id', 'email', 'mrr', 'active', 'signed up', 'note', '', 'id']];
for (let id = 1; id <= RECORDS; id += 1) {
  if (id % 1000 === 0) usersRows.push([]);
  usersRows.push([
    id,
    `user${id}@example.com`,
    id % 7 === 0 ? id : id + 0.5,
    id % 2 === 0,
    `2024-01-${String((id % 28) + 1).padStart(2, '0')}`,
    id % 3 === 0 ? 42 : id % 3 === 1 ? 'call back' : null,
  ]);
}

const configFor = (spreadsheetId: string) => ({ type: 'google_sheets', config: { spreadsheetId } });

describe('composer: a Google Sheets source (against a local Sheets API and token endpoint)', () => {
  let f: ComposerFixture;
  let google: FakeGoogleSheets;
  let source: Source;
  beforeAll(async () => {
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET_ID,
          title: 'Product usage',
          sharedWith: [ACCOUNT],
          tabs: [
            { sheetId: 0, title: 'Users', rows: usersRows, rowCount: usersRows.length + 500 },
            {
              sheetId: 7,
              title: "Plan's prices",
              rows: [
                ['plan', 'price'],
                ['pro', 49],
              ],
            },
          ],
        },
        { spreadsheetId: PRIVATE_SHEET_ID, title: 'Not shared', sharedWith: [], tabs: [] },
      ],
    });
    f = await createComposerFixture({
      env: {
        ...FAST_JOBS_ENV,
        ...googleSheetsEnvFor(google, ACCOUNT),
      },
    });
    source = await f.createSource(f.dana, { ...configFor(SHEET_ID), name: 'Usage sheet' });
  });
  afterAll(async () => {
    await f?.close();
    await google?.close();
  });

  const test = async (body: object) =>
    (await f.call(f.dana, { method: 'POST', url: 'sources/test', payload: body })).json<{
      data: TestResult;
    }>().data;

  it('validates the config and seals a source’s own key', async () => {
    const bad = await f.call(f.dana, {
      method: 'POST',
      url: 'sources',
      payload: { type: 'google_sheets', name: 'x', config: { spreadsheetId: 'a/b' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: 'body.config.spreadsheetId' }] });
    const badKey = await f.call(f.dana, {
      method: 'POST',
      url: 'sources',
      payload: {
        ...configFor(SHEET_ID),
        name: 'x',
        config: { spreadsheetId: SHEET_ID, serviceAccountKey: '{}' },
      },
    });
    expect(badKey.json()).toMatchObject({ errors: [{ path: 'body.config.serviceAccountKey' }] });

    const key = google.createServiceAccount('own@revlane-test.iam.gserviceaccount.com');
    const own = await f.createSource(f.dana, {
      type: 'google_sheets',
      name: 'Own key',
      config: { spreadsheetId: SHEET_ID, serviceAccountKey: key },
    });
    expect(own).toMatchObject({
      config: { spreadsheetId: SHEET_ID },
      secretsSet: ['serviceAccountKey'],
    });
    expect(JSON.stringify(own)).not.toContain('PRIVATE KEY');
    // That account is not shared on the sheet: the answer names it.
    const tested = await f.call(f.dana, { method: 'POST', url: `sources/${own.id}/test` });
    expect(tested.json<{ data: TestResult }>().data.message).toBe(
      'Google Sheets refused access: share the sheet with own@revlane-test.iam.gserviceaccount.com (Viewer is enough).',
    );
    const renamed = await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${own.id}`,
      payload: { name: 'Renamed', config: { spreadsheetId: PRIVATE_SHEET_ID } },
    });
    expect(renamed.json()).toMatchObject({
      data: {
        name: 'Renamed',
        config: { spreadsheetId: PRIVATE_SHEET_ID },
        secretsSet: ['serviceAccountKey'],
      },
    });
    expect((await f.call(f.dana, { method: 'DELETE', url: `sources/${own.id}` })).statusCode).toBe(
      204,
    );
  });

  it('shows the service account in /config.json and tests access with actionable answers', async () => {
    const config = await f.t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toMatchObject({ googleServiceAccountEmail: ACCOUNT });
    expect(await test(configFor(SHEET_ID))).toEqual({ ok: true, message: 'Connected.' });
    expect(await test(configFor(PRIVATE_SHEET_ID))).toEqual({
      ok: false,
      message: `Google Sheets refused access: share the sheet with ${ACCOUNT} (Viewer is enough).`,
    });
    expect((await test(configFor('missing_0123456789'))).message).toBe(
      "Spreadsheet missing_0123456789 was not found: check the id in the sheet's address.",
    );
  });

  it('lists the tabs with typed header columns and row estimates, and previews one', async () => {
    const tabs = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/google-sheets/tabs`,
    });
    expect(tabs.statusCode, tabs.body).toBe(200);
    expect(tabs.json<{ data: SheetTab[] }>().data).toEqual([
      {
        sheetId: 0,
        name: 'Users',
        rowEstimate: usersRows.length + 499,
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'email', type: 'string' },
          { name: 'mrr', type: 'number' },
          { name: 'active', type: 'boolean' },
          { name: 'signed up', type: 'datetime' },
          { name: 'note', type: 'string' },
          { name: 'column_7', type: 'empty' },
          { name: 'id 2', type: 'empty' },
        ],
      },
      {
        sheetId: 7,
        name: "Plan's prices",
        rowEstimate: 1,
        columns: [
          { name: 'plan', type: 'string' },
          { name: 'price', type: 'integer' },
        ],
      },
    ]);
    const tables = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}/tables` });
    expect(tables.json<{ data: object[] }>().data[1]).toEqual({
      name: "Plan's prices",
      rowEstimate: 1,
      columns: [
        { name: 'plan', type: 'string' },
        { name: 'price', type: 'integer' },
      ],
    });
    const preview = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/tables/Users/preview?limit=2`,
    });
    expect(preview.json<{ data: TablePreview }>().data.rows[1]).toMatchObject({
      id: 2,
      mrr: 2.5,
      active: true,
      note: null,
    });
    const redash = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/redash/queries`,
    });
    expect(redash.statusCode).toBe(404);
  });

  it('syncs every tab with exact row counts, typed over every row, waiting out a 429', async () => {
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'Users' }, { name: "Plan's prices" }] },
    });
    const before = google.requests.length;
    google.throttle(2, 1);
    const sync = await syncNow(f, f.dana, source.id);
    expect(sync.status, sync.error ?? '').toBe('succeeded');
    expect(sync).toMatchObject({ rowsRead: RECORDS + 1, rowsWritten: RECORDS + 1 });
    const [users, prices] = sync.tables;
    expect(users).toMatchObject({ name: 'Users', rows: RECORDS });
    expect(await countRows(f, users!.warehouseTable)).toBe(RECORDS);
    expect(await countRows(f, prices!.warehouseTable)).toBe(1);

    // The two 429s were answered by waiting the Retry-After second before asking again.
    const calls = google.requests.slice(before).filter((r) => r.path.startsWith('/v4/'));
    expect(calls.slice(0, 3).map((r) => r.status)).toEqual([429, 429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(990);
    // Read in chunks: the users tab's grid (12,858 rows) takes three values calls after its header.
    const usersReads = calls.filter((r) => r.status === 200 && r.path.includes('Users'));
    expect(usersReads).toHaveLength(1 + 3);

    const engine = f.t.app.warehouse.engine;
    const rows = await engine.query(f.danaOrg, {
      sql: `SELECT * FROM ${engine.dialect.table(f.danaOrg, users!.warehouseTable)} WHERE id IN (3, 7) ORDER BY id`,
      params: [],
    });
    expect(rows).toEqual([
      {
        id: 3,
        email: 'user3@example.com',
        mrr: 3.5,
        active: false,
        signed_up: '2024-01-04T00:00:00.000Z',
        note: '42',
        column_7: null,
        id_2: null,
      },
      {
        id: 7,
        email: 'user7@example.com',
        mrr: 7,
        active: false,
        signed_up: '2024-01-08T00:00:00.000Z',
        note: 'call back',
        column_7: null,
        id_2: null,
      },
    ]);
  });

  it('fails a sync of a sheet not shared with the account, saying how to share it', async () => {
    const hidden = await f.createSource(f.dana, { ...configFor(PRIVATE_SHEET_ID), name: 'Hidden' });
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${hidden.id}`,
      payload: { selectedTables: [{ name: 'Users' }] },
    });
    const sync = await syncNow(f, f.dana, hidden.id);
    expect(sync).toMatchObject({
      status: 'failed',
      error: `Google Sheets refused access: share the sheet with ${ACCOUNT} (Viewer is enough).`,
    });
  });
});
