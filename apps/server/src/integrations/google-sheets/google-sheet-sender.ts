import type { GoogleSheetsSettings } from '../../platform/config.js';
import { columnLetters, quotedTab as quoted } from './a1-range.js';
import { sheetsWriteClient } from './google-sheets-api.js';
import { guarded, type ProviderSender } from '../core/provider-sender.js';

export interface RenderedSheetRow {
  spreadsheetId: string;
  tab: string;
  headers: string[];
  values: string[];
}

/** The column after the mapped ones holds each row's idempotency key. */
export const SHEET_KEY_HEADER = 'revlane_key';

/**
 * `google_sheet_append` (ADR 0024, ADR 0017): `values.append` through the official client as
 * the deployment's service account, the mapped columns then the idempotency key. The key
 * column is read first, so a resend after a crash finds its row and appends nothing; an empty
 * tab gets the header row first. Items of one tab are sent one at a time (the run's lanes),
 * so the check and the append never race. The appended range is the external id.
 */
export function googleSheetSender(
  settings: GoogleSheetsSettings,
): ProviderSender<RenderedSheetRow> {
  let opened: ReturnType<typeof sheetsWriteClient> | null = null;
  return ({ key, rendered }) =>
    guarded('Google Sheets', async () => {
      opened ??= sheetsWriteClient(settings);
      const { values } = opened.client.spreadsheets;
      const keyColumn = columnLetters(rendered.headers.length + 1);
      const tab = quoted(rendered.tab);
      const column = await values.get(
        { spreadsheetId: rendered.spreadsheetId, range: `${tab}!${keyColumn}:${keyColumn}` },
        { retry: false },
      );
      const keys = (column.data.values ?? []).map((row) => String(row[0] ?? ''));
      const row = keys.indexOf(key);
      if (row >= 0)
        return { kind: 'sent', externalId: `${tab}!A${row + 1}:${keyColumn}${row + 1}` };
      const rows =
        keys.length === 0
          ? [
              [...rendered.headers, SHEET_KEY_HEADER],
              [...rendered.values, key],
            ]
          : [[...rendered.values, key]];
      const appended = await values.append(
        {
          spreadsheetId: rendered.spreadsheetId,
          range: `${tab}!A1`,
          valueInputOption: 'RAW',
          insertDataOption: 'INSERT_ROWS',
          requestBody: { values: rows },
        },
        { retry: false },
      );
      return { kind: 'sent', externalId: appended.data.updates?.updatedRange ?? null };
    });
}
