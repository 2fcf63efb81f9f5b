import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { sourceSyncs } from '../../../platform/database/schema/index.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
} from '../../../integrations/google-sheets/google-sheets-fake.js';
import { rawTablePrefix } from '../../../ingestion/landing/landed-tables.js';
import { INTERRUPTED_MESSAGE } from '../../../ingestion/syncs/sync-jobs.js';
import { sweepSyncs } from '../../../ingestion/syncs/sync-sweep.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { googleSheetsEnvFor } from './fake-provider.js';
import { countRows, insertDeadRun, syncNow, waitForSync } from './sync-helpers.js';

const ACCOUNT = 'recovery@revlane-test.iam.gserviceaccount.com';
const SHEET_ID = 'recovery_sheet_01';
const ROWS = 300;

describe('composer: one active run per source, and runs a dead process left behind', () => {
  let f: ComposerFixture;
  let google: FakeGoogleSheets;
  let source: Source;
  const sweepDeps = () => ({
    db: f.t.app.db,
    jobs: f.t.app.jobs,
    warehouse: f.t.app.warehouse.engine,
    log: f.t.app.log,
  });
  /** The source's `__next` tables in Dana's warehouse. */
  const nextTables = async () =>
    (await f.t.app.warehouse.engine.listTables(f.danaOrg, rawTablePrefix(source.id))).filter(
      (name) => name.endsWith('__next'),
    );
  /** A half-built table as a killed run leaves it. */
  const leaveNextTable = (table: string) =>
    f.t.app.warehouse.engine.createTable(f.danaOrg, {
      name: `${rawTablePrefix(source.id)}${table}__next`,
      columns: [{ name: 'id', type: 'bigint' }],
    });
  const runsOf = () =>
    f.t.database.db.select().from(sourceSyncs).where(eq(sourceSyncs.sourceId, source.id));

  beforeAll(async () => {
    const rows = [['id', 'name'], ...Array.from({ length: ROWS }, (_, i) => [i + 1, `n${i}`])];
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET_ID,
          title: 'Recovery',
          sharedWith: [ACCOUNT],
          tabs: [{ sheetId: 0, title: 'Data', rows }],
        },
      ],
    });
    f = await createComposerFixture({
      env: {
        ...FAST_JOBS_ENV,
        ...googleSheetsEnvFor(google, ACCOUNT),
      },
    });
    source = await f.createSource(f.dana, {
      type: 'google_sheets',
      name: 'Recovery sheet',
      config: { spreadsheetId: SHEET_ID },
    });
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'Data' }] },
    });
  });
  afterAll(async () => {
    await f?.close();
    await google?.close();
  });

  it('answers concurrent sync requests with one and the same run', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        f.call(f.dana, { method: 'POST', url: `sources/${source.id}/syncs` }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
    const ids = new Set(responses.map((r) => r.json<{ data: { id: string } }>().data.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    // The database itself refuses a second active run of the source.
    await expect(
      f.t.database.db
        .insert(sourceSyncs)
        .values({ orgId: f.danaOrg, sourceId: source.id, status: 'queued' }),
    ).rejects.toThrow();
    const run = await waitForSync(f, f.dana, id!);
    expect(run).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
    expect(await runsOf()).toHaveLength(1);
  });

  it('resumes a queued run whose job was lost with its process', async () => {
    // What a process killed between inserting the run and sending its job leaves behind.
    const [orphan] = await f.t.database.db
      .insert(sourceSyncs)
      .values({ orgId: f.danaOrg, sourceId: source.id, createdAt: new Date(Date.now() - 600_000) })
      .returning();
    // Until then it holds the source's one active slot: a new request answers it.
    const again = await f.call(f.dana, { method: 'POST', url: `sources/${source.id}/syncs` });
    expect(again.json()).toEqual({ data: { id: orphan!.id } });
    await sweepSyncs(sweepDeps());
    // A second sweep while the job waits is harmless: the job is keyed by the run.
    await sweepSyncs(sweepDeps());
    const resumed = await waitForSync(f, f.dana, orphan!.id);
    expect(resumed).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    expect(await countRows(f, resumed.tables[0]!.warehouseTable)).toBe(ROWS);
  });

  it('drops the __next tables a killed run left, at the sweep and at the next sync', async () => {
    // A run whose process died while building two tables, one since deselected.
    await leaveNextTable('data');
    await leaveNextTable('old_tab');
    const dead = await insertDeadRun(f, source.id);
    expect(await nextTables()).toHaveLength(2);
    await sweepSyncs(sweepDeps());
    const [failed] = await f.t.database.db
      .select()
      .from(sourceSyncs)
      .where(eq(sourceSyncs.id, dead.id));
    expect(failed).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE });
    expect(await nextTables()).toEqual([]);

    // One the sweep never saw (say its warehouse was not reachable then): the next run drops it.
    await leaveNextTable('old_tab');
    const run = await syncNow(f, f.dana, source.id);
    expect(run).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
    expect(await nextTables()).toEqual([]);
    expect(await countRows(f, run.tables[0]!.warehouseTable)).toBe(ROWS);
  });
});
