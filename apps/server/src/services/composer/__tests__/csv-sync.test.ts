import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveredTable, OnboardingStep, Source, TablePreview } from '@revlane/contracts';
import { asUser } from '../../../../test/app.js';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { buildApp } from '../../../app.js';
import { csvFileOf } from '../../../ingestion/connectors/csv-connector.js';
import { INTERRUPTED_MESSAGE } from '../../../ingestion/syncs/sync-jobs.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { leadsCsv } from './leads-csv.js';
import { countRows, insertDeadRun, syncNow, writeCsvSource } from './sync-helpers.js';

const ROWS = 30_000;

describe('composer: a CSV source', () => {
  let f: ComposerFixture;
  let source: Source;
  const writeFile = (content: string) => writeCsvSource(f, source.id, content);

  beforeAll(async () => {
    f = await createComposerFixture({ env: FAST_JOBS_ENV });
    source = await f.createSource(f.dana, {
      type: 'csv',
      name: 'Leads',
      config: { fileName: 'leads.csv' },
    });
    writeFile(leadsCsv(ROWS));
  });
  afterAll(() => f.close());

  it('types columns with DuckDB’s sniffer over the whole file, and previews rows', async () => {
    const tables = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}/tables` });
    expect(tables.json<{ data: DiscoveredTable[] }>().data).toEqual([
      {
        name: 'leads.csv',
        rowEstimate: ROWS,
        columns: [
          { name: 'id', type: 'BIGINT' },
          { name: 'email', type: 'VARCHAR' },
          { name: 'score', type: 'DOUBLE' },
          { name: 'signed_up', type: 'DATE' },
          { name: 'code', type: 'VARCHAR' },
        ],
      },
    ]);
    const preview = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/tables/leads.csv/preview?limit=2`,
    });
    expect(preview.json<{ data: TablePreview }>().data.rows[1]).toMatchObject({
      id: 2,
      email: 'lead2@example.com',
      code: '2',
    });
  });

  it('lands the file with its exact row count; a failed sync leaves the previous data', async () => {
    const sync = await syncNow(f, f.dana, source.id);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    const table = sync.tables[0]!.warehouseTable;
    expect(await countRows(f, table)).toBe(ROWS);
    const steps = await f.t.app.inject(
      asUser(f.dana, { method: 'GET', url: '/user/api/v1/users/me/onboarding-steps' }),
    );
    const connect = steps
      .json<{ data: OnboardingStep[] }>()
      .data.find((step) => step.id === 'connect-my-data');
    expect(connect?.completedAt).not.toBeNull();

    rmSync(csvFileOf(f.t.config.dataDir, f.danaOrg, source.id));
    const failed = await syncNow(f, f.dana, source.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'No file has been uploaded yet.' });
    expect(await countRows(f, table)).toBe(ROWS);
    writeFile(leadsCsv(ROWS));
  });

  it('lands a file in its own dialect: delimiter, day-first dates, quoting, offsets', async () => {
    // Semicolons, a quoted delimiter, a quoted empty field (an empty string, not NULL),
    // dates day first, an instant with an offset (lands as UTC): read as the sniffer typed it.
    const orders = await f.createSource(f.dana, {
      type: 'csv',
      name: 'Orders',
      config: { fileName: 'orders.csv' },
    });
    writeCsvSource(
      f,
      orders.id,
      'order;placed;note;paid_at;amount\n' +
        '1;03/04/2024;"a;b";2024-03-04 10:00:00+02;\n' +
        '2;13/04/2024;"";2024-03-05 11:30:00+00;1.5\n',
    );
    const sync = await syncNow(f, f.dana, orders.id);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsWritten: 2 });
    const engine = f.t.app.warehouse.engine;
    const rows = await engine.query(f.danaOrg, {
      sql: `SELECT * FROM ${engine.dialect.table(f.danaOrg, sync.tables[0]!.warehouseTable)} ORDER BY 1`,
      params: [],
    });
    expect(rows).toEqual([
      {
        order: 1,
        placed: '2024-04-03',
        note: 'a;b',
        paid_at: '2024-03-04T08:00:00.000Z',
        amount: null,
      },
      {
        order: 2,
        placed: '2024-04-13',
        // Quoted empty: an empty string, not NULL.
        note: '',
        paid_at: '2024-03-05T11:30:00.000Z',
        amount: 1.5,
      },
    ]);
  });

  it('fails a run a killed process left "running" when the app starts again', async () => {
    const stuck = await insertDeadRun(f, source.id);
    const restarted = await buildApp({
      config: f.t.config,
      database: f.t.database,
      jwks: f.t.keys.jwks,
    });
    await restarted.ready();
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: `/composer/api/v1/syncs/${stuck.id}`,
        headers: { authorization: `Bearer ${f.dana.token}` },
      });
      expect(response.json()).toMatchObject({
        data: { status: 'failed', error: INTERRUPTED_MESSAGE },
      });
    } finally {
      await restarted.close();
    }
    const next = await syncNow(f, f.dana, source.id);
    expect(next.status).toBe('succeeded');
  });
});
