import type { DiscoveredTable, SheetTab, TablePreview } from '@revlane/contracts';
import type { GoogleSheetsSettings } from '../../platform/config.js';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
} from '../core/connector.js';
import { writeCsvFile } from '../core/csv-encoder.js';
import { GoogleSheetsApi } from './google-sheets-api.js';
import { isBlank, SheetColumns } from './sheet-columns.js';

/** Rows typed to describe a tab in discovery. */
const SAMPLE_ROWS = 100;
/** Rows per `values.get` while syncing: one chunk in memory at a time. */
export const SYNC_CHUNK_ROWS = 5_000;

interface TabProperties {
  sheetId: number;
  title: string;
  rowCount: number;
}

/** A tab's rows `first..last` as an A1 range: `'Tab ''A'''!2:5001`. */
const rowsRange = (title: string, first: number, last: number) =>
  `'${title.replace(/'/g, "''")}'!${first}:${last}`;

const hasCells = (row: readonly unknown[]) => row.some((cell) => !isBlank(cell));

/**
 * A Google Sheets source: one spreadsheet (by id) read as the service account it is shared
 * with. Each tab is a table whose first row is the header; discovery types columns from a
 * sample, a sync reads the tab in chunks of rows and types every column over all its cells.
 * Blank rows are skipped (a blank line in a sheet is not a record).
 */
export class GoogleSheetsConnector implements SourceConnector {
  private readonly api: GoogleSheetsApi;

  constructor(
    private readonly spreadsheetId: string,
    settings: GoogleSheetsSettings,
    sourceKey: string | undefined,
  ) {
    this.api = new GoogleSheetsApi(settings, sourceKey);
  }

  async test(): Promise<void> {
    await this.api.spreadsheet(this.spreadsheetId);
  }

  /** `GET sources/{id}/google-sheets/tabs`: each grid tab, typed from its first rows. */
  async tabs(): Promise<SheetTab[]> {
    const tabs = await this.tabProperties();
    return Promise.all(
      tabs.map(async (tab) => {
        const [header = [], ...rows] = await this.api.values(
          this.spreadsheetId,
          rowsRange(tab.title, 1, SAMPLE_ROWS + 1),
        );
        const columns = new SheetColumns(header);
        for (const row of rows.filter(hasCells)) columns.observe(row);
        return {
          sheetId: tab.sheetId,
          name: tab.title,
          columns: columns.columns().map(({ name, sourceType }) => ({ name, type: sourceType })),
          rowEstimate: Math.max(tab.rowCount - 1, 0),
        };
      }),
    );
  }

  async listTables(): Promise<DiscoveredTable[]> {
    return (await this.tabs()).map(({ sheetId: _sheetId, ...table }) => table);
  }

  async preview(table: string, limit: number): Promise<TablePreview> {
    const tab = await this.tab(table);
    const [header = [], ...rows] = await this.api.values(
      this.spreadsheetId,
      rowsRange(tab.title, 1, limit + 1),
    );
    const columns = new SheetColumns(header);
    const kept = rows.filter(hasCells).map((row) => columns.observe(row));
    return {
      columns: columns.columns().map(({ name, sourceType }) => ({ name, type: sourceType })),
      rows: kept.map((row) => Object.fromEntries(columns.names.map((name, i) => [name, row[i]]))),
    };
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    if (options.cursor)
      throw new ConnectorError('not_found', 'A sheet is loaded whole; it has no cursor column.');
    const tab = await this.tab(table, options.signal);
    const [header = []] = await this.api.values(
      this.spreadsheetId,
      rowsRange(tab.title, 1, 1),
      options.signal,
    );
    if (!hasCells(header))
      throw new ConnectorError('not_found', `Tab "${table}" has no header row (row 1 is empty).`);
    const columns = new SheetColumns(header);
    const rows = await writeCsvFile(
      file,
      columns.names,
      this.dataRows(tab, columns, options),
      options,
    );
    return { columns: columns.columns(), rows, cursor: null };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The rows below the header, one chunk of `values.get` at a time, up to the grid's end. */
  private async *dataRows(tab: TabProperties, columns: SheetColumns, options: ExtractOptions) {
    for (let first = 2; first <= tab.rowCount; first += SYNC_CHUNK_ROWS) {
      const last = Math.min(first + SYNC_CHUNK_ROWS - 1, tab.rowCount);
      const chunk = await this.api.values(
        this.spreadsheetId,
        rowsRange(tab.title, first, last),
        options.signal,
      );
      for (const row of chunk) if (hasCells(row)) yield columns.observe(row);
    }
  }

  private async tabProperties(signal?: AbortSignal): Promise<TabProperties[]> {
    const spreadsheet = await this.api.spreadsheet(this.spreadsheetId, signal);
    return (spreadsheet.sheets ?? [])
      .map((sheet) => sheet.properties ?? {})
      .filter((properties) => (properties.sheetType ?? 'GRID') === 'GRID')
      .map((properties) => ({
        sheetId: properties.sheetId ?? 0,
        title: properties.title ?? '',
        rowCount: properties.gridProperties?.rowCount ?? 0,
      }));
  }

  private async tab(title: string, signal?: AbortSignal): Promise<TabProperties> {
    const tab = (await this.tabProperties(signal)).find((t) => t.title === title);
    if (!tab) throw new ConnectorError('not_found', `Tab "${title}" was not found in the sheet.`);
    return tab;
  }
}
