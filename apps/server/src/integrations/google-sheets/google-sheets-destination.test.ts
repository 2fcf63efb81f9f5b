import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleSheetsSettings } from '../../platform/config.js';
import { DestinationRetry, type Destination, type DestinationBatch } from '../core/destination.js';
import { testContext } from '../core/__tests__/destination-fixture.js';
import { googleSheetsDestination } from './google-sheets-destination.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
  type FakeSheetTab,
} from './google-sheets-fake.js';

const ROBOT = 'activations@revlane-test.iam.gserviceaccount.com';
const SHEET = 'sheet-activations-1';
const VIEWER_ONLY = 'sheet-activations-viewer';

/** A tab as Sheets shows it (and `values.get` answers it): blank cells and rows at the ends dropped. */
function shown(tab: FakeSheetTab) {
  const rows = tab.rows.map((row) => {
    const cells = row.map((cell) => cell ?? '');
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

/**
 * A Google Sheets tab as an activation's destination through @googleapis/sheets against the
 * fake on 127.0.0.1 (ADR 0033): the header row as fields, one write per change set (read,
 * update in place, delete, append in key order, written back RAW), 429s as DestinationRetry.
 */
describe('googleSheetsDestination', () => {
  let google: FakeGoogleSheets;
  let destination: Destination;
  const tabs: Record<'empty' | 'kept' | 'update' | 'throttled', FakeSheetTab> = {
    empty: { sheetId: 0, title: 'PQLs', rows: [] },
    kept: {
      sheetId: 1,
      title: "Rep's list",
      rows: [
        ['account_id', 'plan', 'notes'],
        ['acc-9', 'pro', 'call back'],
        ['acc-2', 'free', 42, 'off the grid'],
      ],
    },
    update: {
      sheetId: 2,
      title: 'Update',
      rows: [
        ['account_id', 'plan'],
        ['acc-1', 'pro'],
      ],
    },
    throttled: { sheetId: 3, title: 'Throttled', rows: [['account_id', 'plan']] },
  };

  beforeAll(async () => {
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET,
          title: 'Activations',
          sharedWith: [ROBOT],
          tabs: Object.values(tabs),
        },
        {
          spreadsheetId: VIEWER_ONLY,
          title: 'Viewer only',
          sharedWith: [ROBOT],
          editors: [],
          tabs: [{ sheetId: 0, title: 'PQLs', rows: [] }],
        },
      ],
    });
    const settings: GoogleSheetsSettings = {
      apiUrl: google.url,
      tokenUrl: google.tokenUrl,
      serviceAccountKey: google.createServiceAccount(ROBOT),
      sandbox: false,
    };
    destination = googleSheetsDestination(settings);
  });
  afterAll(() => google?.close());

  const batch = (
    object: string,
    operation: DestinationBatch['operation'],
    changes: [string, Record<string, string | null>][],
    fields = ['plan', 'mrr'],
  ): DestinationBatch => ({
    orgId: 'org-1',
    object: `${SHEET}/${object}`,
    matchField: 'account_id',
    operation,
    changes: changes.map(([key, values]) => ({ key, values, destinationId: null })),
    fields,
  });

  it("lists no objects; a tab's fields are its header row, an empty tab has none", async () => {
    expect(await destination.objects('org-1')).toEqual([]);
    expect(await destination.fields('org-1', `${SHEET}/Rep's list`)).toEqual(
      ['account_id', 'plan', 'notes'].map((name) => ({
        name,
        label: name,
        type: 'text',
        identifying: true,
        writable: true,
      })),
    );
    expect(await destination.fields('org-1', `${SHEET}/PQLs`)).toEqual([]);
    expect(await destination.fields('org-1', `${SHEET}/No such tab`)).toBeNull();
    expect(await destination.fields('org-1', 'no-such-sheet/PQLs')).toBeNull();
    expect(await destination.fields('org-1', 'no-tab-named')).toBeNull();
  });

  it('keeps the tab equal to the given rows through a mirror-like sequence', async () => {
    const context = testContext();
    // First run on an empty tab: the mapped names become the header, rows in key order.
    const first = await destination.write(
      batch('PQLs', 'upsert', [
        ['acc-3', { plan: 'pro', mrr: '300' }],
        ['acc-1', { plan: 'free', mrr: '0' }],
        ['acc-2', { plan: 'starter', mrr: '20' }],
      ]),
      context,
    );
    expect(first.map((r) => [r.key, r.ok, r.answer])).toEqual([
      ['acc-3', true, 'created'],
      ['acc-1', true, 'created'],
      ['acc-2', true, 'created'],
    ]);
    expect(shown(tabs.empty)).toEqual([
      ['account_id', 'plan', 'mrr'],
      ['acc-1', 'free', '0'],
      ['acc-2', 'starter', '20'],
      ['acc-3', 'pro', '300'],
    ]);
    // A read and one write: nothing to clear when the tab grows.
    expect(context.paced).toBe(2);

    // Second run: acc-1 left (deleted), acc-2 changed, acc-3 cleared, acc-0 and acc-4 joined.
    const second = await destination.write(
      batch('PQLs', 'upsert', [
        ['acc-4', { plan: 'pro', mrr: '40' }],
        ['acc-2', { plan: 'pro', mrr: '25' }],
        ['acc-3', { plan: null, mrr: null }],
        ['acc-0', { plan: 'free', mrr: '1' }],
      ]),
      testContext(),
    );
    expect(second.every((r) => r.ok)).toBe(true);
    const removed = await destination.write(
      batch('PQLs', 'delete', [
        ['acc-1', { plan: null, mrr: null }],
        ['acc-404', { plan: null, mrr: null }],
      ]),
      testContext(),
    );
    expect(removed.map((r) => r.answer)).toEqual(['deleted', 'not found: nothing to delete']);
    expect(shown(tabs.empty)).toEqual([
      ['account_id', 'plan', 'mrr'],
      ['acc-2', 'pro', '25'],
      ['acc-3'],
      ['acc-0', 'free', '1'],
      ['acc-4', 'pro', '40'],
    ]);

    const held = await destination.read(
      'org-1',
      `${SHEET}/PQLs`,
      'account_id',
      ['acc-2', 'acc-3', 'acc-1'],
      ['plan', 'mrr'],
      testContext(),
    );
    expect(Object.fromEntries(held)).toEqual({
      'acc-2': { destinationId: 'acc-2', values: { plan: 'pro', mrr: '25' } },
      'acc-3': { destinationId: 'acc-3', values: { plan: null, mrr: null } },
    });

    // Everyone left: the header stays, the rows go.
    const context3 = testContext();
    await destination.write(
      batch(
        'PQLs',
        'delete',
        ['acc-0', 'acc-2', 'acc-3', 'acc-4'].map((key) => [key, { plan: null, mrr: null }]),
      ),
      context3,
    );
    expect(shown(tabs.empty)).toEqual([['account_id', 'plan', 'mrr']]);
    // A read, the write, and the clear of the rows past the new end.
    expect(context3.paced).toBe(3);
  });

  it("keeps the user's row order and unmapped cells; new columns go at the end", async () => {
    await destination.write(
      batch("Rep's list", 'upsert', [
        ['acc-5', { plan: 'pro', mrr: '50' }],
        ['acc-2', { plan: 'pro', mrr: '20' }],
        ['acc-10', { plan: 'free', mrr: '0' }],
      ]),
      testContext(),
    );
    expect(shown(tabs.kept)).toEqual([
      // A cell past the header (acc-2's note) keeps its column: mrr goes after it.
      ['account_id', 'plan', 'notes', '', 'mrr'],
      ['acc-9', 'pro', 'call back'],
      // The unmapped cells keep their values and types (42 stays a number).
      ['acc-2', 'pro', 42, 'off the grid', '20'],
      ['acc-10', 'free', '', '', '0'],
      ['acc-5', 'pro', '', '', '50'],
    ]);
    expect((await destination.fields('org-1', `${SHEET}/Rep's list`))!.map((f) => f.name)).toEqual([
      'account_id',
      'plan',
      'notes',
      'mrr',
    ]);
  });

  it('update: a key not found fails "not found" and adds no row', async () => {
    const results = await destination.write(
      batch(
        'Update',
        'update',
        [
          ['acc-1', { plan: 'enterprise' }],
          ['acc-404', { plan: 'free' }],
        ],
        ['plan'],
      ),
      testContext(),
    );
    expect(results).toEqual([
      { key: 'acc-1', ok: true, destinationId: 'acc-1', answer: 'updated' },
      { key: 'acc-404', ok: false, destinationId: null, answer: 'not found' },
    ]);
    expect(shown(tabs.update)).toEqual([
      ['account_id', 'plan'],
      ['acc-1', 'enterprise'],
    ]);
  });

  it('a 429 is a DestinationRetry with its Retry-After; nothing is written', async () => {
    google.throttle(1, 7);
    const refused = await destination
      .write(batch('Throttled', 'upsert', [['acc-1', { plan: 'pro' }]], ['plan']), testContext())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DestinationRetry);
    expect(refused).toMatchObject({ retryAfterSeconds: 7 });
    expect(shown(tabs.throttled)).toEqual([['account_id', 'plan']]);
  });

  it('a sheet shared as Viewer fails the batch, naming the account to share it with', async () => {
    const refused = await destination
      .write(
        { ...batch('PQLs', 'upsert', [['acc-1', { plan: 'pro' }]]), object: `${VIEWER_ONLY}/PQLs` },
        testContext(),
      )
      .catch((error: unknown) => error);
    expect(refused).not.toBeInstanceOf(DestinationRetry);
    expect((refused as Error).message).toBe(
      `Google Sheets refused access: share the sheet with ${ROBOT} as Editor.`,
    );
  });
});
