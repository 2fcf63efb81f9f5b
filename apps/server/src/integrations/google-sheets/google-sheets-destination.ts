import type { DestinationField } from '@revlane/contracts';
import type { GoogleSheetsSettings } from '../../platform/config.js';
import type {
  Destination,
  DestinationBatch,
  DestinationContext,
  DestinationHeld,
  DestinationResult,
} from '../core/destination.js';
import { destinationFailure } from '../core/destination-failure.js';
import { quotedTab } from './a1-range.js';
import { sheetsWriteClient } from './google-sheets-api.js';
import { isBlank } from './sheet-columns.js';

type Cell = string | number | boolean;
type Values = ReturnType<typeof sheetsWriteClient>['client']['spreadsheets']['values'];

/** `<spreadsheetId>/<tab>`: the id has no slash, a tab's name may. */
function sheetOf(object: string) {
  const slash = object.indexOf('/');
  if (slash <= 0 || slash === object.length - 1) return null;
  return { spreadsheetId: object.slice(0, slash), tab: object.slice(slash + 1) };
}

/** A cell as text (the key column and read() compare text); blank is null. */
const textOf = (cell: Cell | undefined): string | null =>
  isBlank(cell) ? null : typeof cell === 'string' ? cell : String(cell);

/** No such spreadsheet, or no such tab in it: `fields()` answers null for it. */
class UnknownSheet extends Error {}

/** Each header name's column (a name given twice: its first). */
function columnsOf(header: string[]) {
  const columns = new Map<string, number>();
  header.forEach((name, i) => {
    if (name !== '' && !columns.has(name)) columns.set(name, i);
  });
  return columns;
}

interface Tab {
  header: string[];
  rows: Cell[][];
}

/**
 * A Google Sheets tab as an activation's destination (ADR 0033), written by the deployment's
 * service account through the official client: the header row names the columns (each can be
 * written and can identify), the match column keys the rows. A run's changes go in one
 * write: the tab is read, rows whose key is changed are updated in place, deleted ones
 * removed, new keys appended in key order, then the header and every row are written back
 * (`values.update`, RAW: a cohort's text never becomes a formula) and the rows the tab no
 * longer reaches are cleared. Cells the activation does not map keep their values (as values:
 * a formula among them is written back as what it showed).
 */
export function googleSheetsDestination(settings: GoogleSheetsSettings): Destination {
  let opened: ReturnType<typeof sheetsWriteClient> | null = null;

  /** One paced call; Google's refusals in words that say what to do. */
  const call = async <T>(
    spreadsheetId: string,
    context: DestinationContext | null,
    work: (values: Values) => Promise<T>,
  ): Promise<T> => {
    try {
      opened ??= sheetsWriteClient(settings);
      await context?.pace();
      return await work(opened.client.spreadsheets.values);
    } catch (error) {
      const failure = error as { status?: number; response?: { status?: number } };
      const status = failure.response?.status ?? failure.status;
      if (status === 403)
        throw new Error(
          `Google Sheets refused access: share the sheet with ${opened?.serviceAccountEmail ?? 'the service account'} as Editor.`,
        );
      if (status === 404)
        throw new UnknownSheet(
          `Spreadsheet ${spreadsheetId} was not found: check the id in the sheet's address.`,
        );
      // Google names a tab that does not exist as a range it cannot parse.
      if (status === 400 && /Unable to parse range/.test((error as Error).message))
        throw new UnknownSheet(`The spreadsheet has no such tab: ${(error as Error).message}`);
      throw destinationFailure(error, 'Google Sheets');
    }
  };

  /** The tab's header and rows (numbers and booleans as the sheet holds them). */
  const readTab = async (
    spreadsheetId: string,
    tab: string,
    context: DestinationContext | null,
  ): Promise<Tab> => {
    const response = await call(spreadsheetId, context, (values) =>
      values.get(
        {
          spreadsheetId,
          range: quotedTab(tab),
          majorDimension: 'ROWS',
          valueRenderOption: 'UNFORMATTED_VALUE',
          dateTimeRenderOption: 'SERIAL_NUMBER',
        },
        { retry: false },
      ),
    );
    const [header = [], ...rows] = (response.data.values ?? []) as Cell[][];
    return { header: header.map((cell) => textOf(cell) ?? ''), rows };
  };

  /** Rows by key (the match column's text); a key on several rows names them all. */
  const rowsByKey = (rows: Cell[][], keyColumn: number) => {
    const byKey = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const key = textOf(row[keyColumn]);
      if (key !== null) byKey.set(key, [...(byKey.get(key) ?? []), i]);
    });
    return byKey;
  };

  const write = async (batch: DestinationBatch, context: DestinationContext) => {
    const sheet = sheetOf(batch.object);
    if (!sheet) throw new Error(`"${batch.object}" is not <spreadsheet id>/<tab>`);
    const { spreadsheetId, tab } = sheet;
    const before = await readTab(spreadsheetId, tab, context);
    // An empty tab gets the mapped names as its header; a mapped name the header lacks is a
    // new column past every used one (a cell beyond the header may hold a note).
    const header = [...before.header];
    const mapped = [
      batch.matchField,
      ...batch.fields,
      ...batch.changes.flatMap((change) => Object.keys(change.values)),
    ];
    const missing = [...new Set(mapped.filter((name) => !header.includes(name)))];
    if (missing.length > 0) {
      const used = Math.max(header.length, ...before.rows.map((row) => row.length));
      header.push(...Array<string>(used - header.length).fill(''), ...missing);
    }
    const column = columnsOf(header);
    const keyColumn = column.get(batch.matchField)!;
    const rows = before.rows.map((row) => [...row]);
    const existing = rowsByKey(rows, keyColumn);
    const removed = new Set<number>();
    const added = new Map<string, Cell[]>();
    const set = (row: Cell[], values: Record<string, string | null>) => {
      for (const [field, value] of Object.entries(values)) row[column.get(field)!] = value ?? '';
    };
    const results = batch.changes.map((change): DestinationResult => {
      // A row is known by its key: row numbers move as rows come and go.
      const answer = (ok: boolean, said: string) => ({
        key: change.key,
        ok,
        destinationId: ok ? change.key : null,
        answer: said,
      });
      const at = existing.get(change.key);
      if (batch.operation === 'delete') {
        const found = (at?.length ?? 0) > 0 || added.delete(change.key);
        at?.forEach((i) => removed.add(i));
        existing.delete(change.key);
        return answer(true, found ? 'deleted' : 'not found: nothing to delete');
      }
      if (at) {
        for (const i of at) set(rows[i]!, change.values);
        return answer(true, 'updated');
      }
      const fresh = added.get(change.key);
      if (fresh) {
        set(fresh, change.values);
        return answer(true, 'created');
      }
      if (batch.operation === 'update') return answer(false, 'not found');
      const row: Cell[] = [];
      row[keyColumn] = change.key;
      set(row, change.values);
      added.set(change.key, row);
      return answer(true, 'created');
    });
    const after = [
      ...rows.filter((_, i) => !removed.has(i)),
      ...[...added.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, row]) => row),
    ];
    const width = Math.max(header.length, ...after.map((row) => row.length));
    const padded = [header, ...after].map((row) =>
      Array.from({ length: width }, (_, i) => row[i] ?? ''),
    );
    // Written over, then the rows past the new end cleared: the tab is never empty between
    // the two calls, so a failure after the first leaves every record in it.
    await call(spreadsheetId, context, (values) =>
      values.update(
        {
          spreadsheetId,
          range: `${quotedTab(tab)}!A1`,
          valueInputOption: 'RAW',
          requestBody: { values: padded },
        },
        { retry: false },
      ),
    );
    const lastBefore = before.rows.length + 1;
    if (lastBefore > padded.length)
      await call(spreadsheetId, context, (values) =>
        values.clear(
          { spreadsheetId, range: `${quotedTab(tab)}!${padded.length + 1}:${lastBefore}` },
          { retry: false },
        ),
      );
    return results;
  };

  return {
    provider: 'google_sheets',
    // One write for the whole change set: the tab is rewritten once per run.
    batchSize: () => Infinity,
    // Sheets are not listed: the user gives the spreadsheet's id and the tab.
    objects: () => Promise.resolve([]),
    async fields(_orgId, object): Promise<DestinationField[] | null> {
      const sheet = sheetOf(object);
      if (!sheet) return null;
      try {
        const { header } = await readTab(sheet.spreadsheetId, sheet.tab, null);
        return header
          .filter((name) => name !== '')
          .map((name) => ({ name, label: name, type: 'text', identifying: true, writable: true }));
      } catch (error) {
        if (error instanceof UnknownSheet) return null;
        throw error;
      }
    },
    async read(_orgId, object, matchField, keys, fields, context) {
      const sheet = sheetOf(object);
      if (!sheet) throw new Error(`"${object}" is not <spreadsheet id>/<tab>`);
      const { header, rows } = await readTab(sheet.spreadsheetId, sheet.tab, context);
      const held = new Map<string, DestinationHeld>();
      const column = columnsOf(header);
      const keyColumn = column.get(matchField);
      if (keyColumn === undefined) return held;
      const byKey = rowsByKey(rows, keyColumn);
      for (const key of keys) {
        const row = rows[byKey.get(key)?.[0] ?? -1];
        if (row)
          held.set(key, {
            destinationId: key,
            values: Object.fromEntries(
              fields.map((field) => {
                const at = column.get(field);
                return [field, at === undefined ? null : textOf(row[at])];
              }),
            ),
          });
      }
      return held;
    },
    write,
  };
}
