import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveredTable, Source, TablePreview, TestResult } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { startFakeRedash, type FakeRedash } from '../../../integrations/redash/redash-fake.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { countRows, syncNow } from './sync-helpers.js';

const API_KEY = 'redash-key-5be1d0';
const signups = {
  id: 7,
  name: 'Weekly signups',
  columns: [
    { name: 'week', type: 'date' as const },
    { name: 'signups', type: 'integer' as const },
    { name: 'channel', type: 'string' as const },
  ],
  rows: Array.from({ length: 250 }, (_, i) => ({
    week: new Date(Date.UTC(2024, 0, 1 + i * 7)).toISOString().slice(0, 10),
    signups: i * 3,
    channel: i % 2 ? 'ads' : 'organic',
  })),
};
// 130 queries: the list takes two pages of 100.
const others = Array.from({ length: 129 }, (_, i) => ({
  id: 100 + i,
  name: `Query ${i}`,
  columns: [],
  rows: [],
}));

describe('composer: a Redash source (against a local Redash speaking its REST API)', () => {
  let f: ComposerFixture;
  let redash: FakeRedash;
  let source: Source;
  beforeAll(async () => {
    redash = await startFakeRedash({ apiKey: API_KEY, queries: [signups, ...others] });
    f = await createComposerFixture({
      env: { ...FAST_JOBS_ENV, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' },
    });
    source = await f.createSource(f.dana, {
      type: 'redash',
      name: 'Redash',
      config: { url: redash.url, apiKey: API_KEY },
    });
  });
  afterAll(async () => {
    await f?.close();
    await redash?.close();
  });

  it('tests the API key and never answers it', async () => {
    const test = async (apiKey: string) =>
      (
        await f.call(f.dana, {
          method: 'POST',
          url: 'sources/test',
          payload: { type: 'redash', config: { url: redash.url, apiKey } },
        })
      ).json<{ data: TestResult }>().data;
    expect(await test(API_KEY)).toEqual({ ok: true, message: 'Connected.' });
    expect(await test('wrong')).toEqual({
      ok: false,
      message: 'Authentication failed: check the Redash API key.',
    });
    expect(source.secretsSet).toEqual(['apiKey']);
    expect(JSON.stringify(source)).not.toContain(API_KEY);
  });

  it('lists every query across pages, previews one, and syncs it with exact rows', async () => {
    const queries = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/redash/queries`,
    });
    expect(queries.json<{ data: unknown[] }>().data).toHaveLength(130);
    const tables = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}/tables` });
    const names = tables.json<{ data: DiscoveredTable[] }>().data.map((t) => t.name);
    expect(names[0]).toBe('Weekly signups (#7)');
    const preview = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/tables/${encodeURIComponent('Weekly signups (#7)')}/preview?limit=2`,
    });
    expect(preview.json<{ data: TablePreview }>().data.rows).toEqual(signups.rows.slice(0, 2));

    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'Weekly signups (#7)' }] },
    });
    const sync = await syncNow(f, f.dana, source.id);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: 250, rowsWritten: 250 });
    expect(await countRows(f, sync.tables[0]!.warehouseTable)).toBe(250);
  });
});
