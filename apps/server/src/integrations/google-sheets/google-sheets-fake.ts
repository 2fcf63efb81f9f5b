import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseA1Range, type A1Range } from './a1-range.js';
import { verifyServiceAccountAssertion } from './google-token-assertion.js';

export type FakeCell = string | number | boolean | null;

export interface FakeSheetTab {
  sheetId: number;
  title: string;
  /** Row 1 is the header, as a user types it. */
  rows: FakeCell[][];
  /** The grid's size; default the rows given (a real sheet often has empty rows past them). */
  rowCount?: number;
}

export interface FakeSpreadsheet {
  spreadsheetId: string;
  title: string;
  tabs: FakeSheetTab[];
  /** Service-account addresses the sheet is shared with; others get PERMISSION_DENIED. */
  sharedWith: string[];
  /** Those of them shared as Editor, who may append; default: all of them. */
  editors?: string[];
}

/** A row `values.append` added, as `/received` lists it. */
export interface FakeAppended {
  spreadsheetId: string;
  tab: string;
  range: string;
  values: FakeCell[][];
}

export interface FakeRequest {
  method: string;
  path: string;
  status: number;
  at: number;
}

/** The fake's API, wherever it is served (its own port, or the app's sandbox). */
export interface GoogleSheetsFakeState {
  /** A service account's key file (JSON) whose public key the fake trusts. */
  createServiceAccount(email: string): string;
  /** The next `count` API calls answer 429 RESOURCE_EXHAUSTED with `Retry-After`. */
  throttle(count: number, retryAfterSeconds: number): void;
  readonly requests: FakeRequest[];
  /** What `values.append` added, in order. */
  readonly appended: FakeAppended[];
  /** Answers one request; `pathname` is the path below the fake's root. */
  handle(request: IncomingMessage, response: ServerResponse, pathname: string): void;
}

export interface FakeGoogleSheets extends GoogleSheetsFakeState {
  /** The API root (the client's `rootUrl`). */
  url: string;
  /** The OAuth token endpoint (a service account's JWT assertion → an access token). */
  tokenUrl: string;
  close(): Promise<void>;
}

type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

const STATUS_TEXT: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};

/** Google's error envelope: `{ error: { code, message, status } }`. */
const apiError = (reply: Reply, code: number, message: string, headers?: Record<string, string>) =>
  reply(code, { error: { code, message, status: STATUS_TEXT[code] } }, headers);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/** The cells of a range, as `values.get` answers them: trailing empty rows and cells left out. */
function valuesOf(tab: FakeSheetTab, range: A1Range, formatted: boolean): FakeCell[][] {
  const lastRow = Math.min(range.endRow ?? tab.rows.length, tab.rows.length);
  const values = tab.rows.slice(range.startRow - 1, lastRow).map((row) => {
    const cells = row
      .slice(range.startColumn - 1, range.endColumn ?? row.length)
      .map((cell) => (cell === null ? '' : formatted ? String(cell) : cell));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (values.length > 0 && values[values.length - 1]!.length === 0) values.pop();
  return values;
}

export interface GoogleSheetsFakeOptions {
  spreadsheets: FakeSpreadsheet[];
  /** The root URL the fake is served at (service account keys name its token endpoint). */
  url: string;
  /**
   * The sandbox's sheets (docs/architecture.md §6): a spreadsheet id or tab not seen before
   * is created empty on first use, shared with this service account as Editor, so a play's
   * "Append to a Google Sheet" works without a real Google account.
   */
  onDemandFor?: string;
}

/**
 * A local Google Sheets API (v4) speaking the parts a source uses, in Google's shapes: the
 * OAuth token endpoint taking a service account's signed JWT (RS256, checked against the key
 * it issued), `GET /v4/spreadsheets/{id}` with each tab's grid properties,
 * `GET /v4/spreadsheets/{id}/values/{range}` for A1 ranges, `values.append` (POST
 * `…/values/{range}:append`; what it added in `appended`), `values.update` (PUT
 * `…/values/{range}`) and `values.clear` (POST `…/values/{range}:clear`), the writes for
 * editors only; errors in the `{ error: { code, message, status } }` envelope (401, 403 for a
 * sheet not shared with the caller, 404, 429 with `Retry-After`). For tests and the
 * product's sandbox mode (docs/architecture.md §6, ADR 0017).
 */
export function googleSheetsFake(options: GoogleSheetsFakeOptions): GoogleSheetsFakeState {
  const publicKeys = new Map<string, string>();
  const tokens = new Map<string, string>();
  const requests: FakeRequest[] = [];
  const appended: FakeAppended[] = [];
  let throttled = { count: 0, retryAfterSeconds: 0 };
  const { spreadsheets, onDemandFor } = options;

  const spreadsheetOf = (spreadsheetId: string) => {
    const known = spreadsheets.find((s) => s.spreadsheetId === spreadsheetId);
    if (known || !onDemandFor) return known;
    const created: FakeSpreadsheet = {
      spreadsheetId,
      title: `Sandbox sheet ${spreadsheetId}`,
      tabs: [{ sheetId: 0, title: 'Sheet1', rows: [] }],
      sharedWith: [onDemandFor],
    };
    spreadsheets.push(created);
    return created;
  };
  const tabOf = (sheet: FakeSpreadsheet, title: string) => {
    const known = sheet.tabs.find((t) => t.title === title);
    if (known || !onDemandFor) return known;
    const created: FakeSheetTab = { sheetId: sheet.tabs.length, title, rows: [] };
    sheet.tabs.push(created);
    return created;
  };

  const handleToken = async (request: IncomingMessage, reply: Reply) => {
    const form = new URLSearchParams(await readBody(request));
    const email = await verifyServiceAccountAssertion(form, publicKeys);
    if (!email)
      return reply(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
    tokens.set(token, email);
    return reply(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  };

  /** The tab a writing call's range names, or null (answered) when it may not or cannot. */
  const writableTab = (sheet: FakeSpreadsheet, caller: string, rangeText: string, reply: Reply) => {
    if (!(sheet.editors ?? sheet.sharedWith).includes(caller)) {
      apiError(reply, 403, 'The caller does not have permission');
      return null;
    }
    const range = parseA1Range(rangeText, sheet.tabs[0]?.title ?? '');
    const tab = range && tabOf(sheet, range.sheet);
    if (!range || !tab) {
      apiError(reply, 400, `Unable to parse range: ${rangeText}`);
      return null;
    }
    return { range, tab };
  };

  /** `values.append`: rows go after the tab's last non-empty row (INSERT_ROWS). */
  const handleAppend = async (
    request: IncomingMessage,
    sheet: FakeSpreadsheet,
    caller: string,
    rangeText: string,
    reply: Reply,
  ) => {
    const target = writableTab(sheet, caller, rangeText, reply);
    if (!target) return;
    const { tab } = target;
    const values = (JSON.parse(await readBody(request)) as { values?: FakeCell[][] }).values ?? [];
    while (
      tab.rows.length > 0 &&
      tab.rows[tab.rows.length - 1]!.every((c) => c === null || c === '')
    )
      tab.rows.pop();
    const first = tab.rows.length + 1;
    tab.rows.push(...values.map((row) => [...row]));
    const width = Math.max(0, ...values.map((row) => row.length));
    const updatedRange = `'${tab.title}'!A${first}:${String.fromCharCode(64 + Math.max(width, 1))}${first + values.length - 1}`;
    appended.push({
      spreadsheetId: sheet.spreadsheetId,
      tab: tab.title,
      range: updatedRange,
      values,
    });
    return reply(200, {
      spreadsheetId: sheet.spreadsheetId,
      tableRange: `'${tab.title}'!A1`,
      updates: {
        spreadsheetId: sheet.spreadsheetId,
        updatedRange,
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: values.reduce((total, row) => total + row.length, 0),
      },
    });
  };

  /** `values.update` (PUT, RAW or USER_ENTERED): the given cells from the range's first one. */
  const handleUpdate = async (
    request: IncomingMessage,
    url: URL,
    sheet: FakeSpreadsheet,
    caller: string,
    rangeText: string,
    reply: Reply,
  ) => {
    const option = url.searchParams.get('valueInputOption');
    if (option !== 'RAW' && option !== 'USER_ENTERED')
      return apiError(reply, 400, "Invalid valueInputOption: ''");
    const target = writableTab(sheet, caller, rangeText, reply);
    if (!target) return;
    const { range, tab } = target;
    const values = (JSON.parse(await readBody(request)) as { values?: FakeCell[][] }).values ?? [];
    values.forEach((given, r) => {
      const row = (tab.rows[range.startRow - 1 + r] ??= []);
      given.forEach((cell, c) => {
        const at = range.startColumn - 1 + c;
        while (row.length < at) row.push(null);
        row[at] = cell;
      });
    });
    for (let i = 0; i < tab.rows.length; i++) tab.rows[i] ??= [];
    const width = Math.max(0, ...values.map((row) => row.length));
    return reply(200, {
      spreadsheetId: sheet.spreadsheetId,
      updatedRange: rangeText,
      updatedRows: values.length,
      updatedColumns: width,
      updatedCells: values.reduce((total, row) => total + row.length, 0),
    });
  };

  /** `values.clear` (POST `…:clear`): the range's values go, trailing empty rows with them. */
  const handleClear = (sheet: FakeSpreadsheet, caller: string, rangeText: string, reply: Reply) => {
    const target = writableTab(sheet, caller, rangeText, reply);
    if (!target) return;
    const { range, tab } = target;
    const lastRow = Math.min(range.endRow ?? tab.rows.length, tab.rows.length);
    for (let r = range.startRow - 1; r < lastRow; r++) {
      const row = tab.rows[r]!;
      const end = Math.min(range.endColumn ?? row.length, row.length);
      for (let c = range.startColumn - 1; c < end; c++) row[c] = null;
      while (row.length > 0 && (row[row.length - 1] === null || row[row.length - 1] === ''))
        row.pop();
    }
    while (tab.rows.length > 0 && tab.rows[tab.rows.length - 1]!.length === 0) tab.rows.pop();
    return reply(200, { spreadsheetId: sheet.spreadsheetId, clearedRange: rangeText });
  };

  const handleApi = async (request: IncomingMessage, url: URL, reply: Reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const caller = bearer ? tokens.get(bearer) : undefined;
    if (!caller)
      return apiError(
        reply,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    if (throttled.count > 0) {
      throttled.count -= 1;
      return apiError(
        reply,
        429,
        "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'sheets.googleapis.com'.",
        { 'retry-after': String(throttled.retryAfterSeconds) },
      );
    }
    const match = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(url.pathname);
    const sheet = match ? spreadsheetOf(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !sheet) return apiError(reply, 404, 'Requested entity was not found.');
    if (!sheet.sharedWith.includes(caller))
      return apiError(reply, 403, 'The caller does not have permission');
    if (request.method === 'POST' && match[2]?.endsWith(':append'))
      return handleAppend(
        request,
        sheet,
        caller,
        decodeURIComponent(match[2].slice(0, -':append'.length)),
        reply,
      );
    if (request.method === 'POST' && match[2]?.endsWith(':clear'))
      return handleClear(
        sheet,
        caller,
        decodeURIComponent(match[2].slice(0, -':clear'.length)),
        reply,
      );
    if (request.method === 'PUT' && match[2])
      return handleUpdate(request, url, sheet, caller, decodeURIComponent(match[2]), reply);
    if (!match[2]) {
      return reply(200, {
        spreadsheetId: sheet.spreadsheetId,
        properties: { title: sheet.title },
        sheets: sheet.tabs.map((tab, index) => ({
          properties: {
            sheetId: tab.sheetId,
            title: tab.title,
            index,
            sheetType: 'GRID',
            gridProperties: {
              rowCount: tab.rowCount ?? tab.rows.length,
              columnCount: Math.max(26, ...tab.rows.map((row) => row.length)),
            },
          },
        })),
      });
    }
    const text = decodeURIComponent(match[2]);
    const range = parseA1Range(text, sheet.tabs[0]?.title ?? '');
    const tab = range && tabOf(sheet, range.sheet);
    if (!range || !tab) return apiError(reply, 400, `Unable to parse range: ${text}`);
    const formatted = url.searchParams.get('valueRenderOption') !== 'UNFORMATTED_VALUE';
    const values = valuesOf(tab, range, formatted);
    return reply(200, {
      range: text,
      majorDimension: 'ROWS',
      ...(values.length > 0 ? { values } : {}),
    });
  };

  const handle = (request: IncomingMessage, response: ServerResponse, pathname: string) => {
    const url = new URL(
      pathname + new URL(request.url ?? '/', 'http://sheets').search,
      'http://sheets',
    );
    const reply: Reply = (status, body, headers = {}) => {
      requests.push({ method: request.method ?? '', path: url.pathname, status, at: Date.now() });
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const work =
      request.method === 'POST' && url.pathname === '/token'
        ? handleToken(request, reply)
        : handleApi(request, url, reply);
    work.catch(() => apiError(reply, 400, 'Bad request'));
  };
  return {
    handle,
    createServiceAccount(email) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      publicKeys.set(email, publicKey.export({ type: 'spki', format: 'pem' }).toString());
      return JSON.stringify({
        type: 'service_account',
        project_id: 'revlane-sandbox',
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: email,
        token_uri: `${options.url}token`,
      });
    },
    throttle(count, retryAfterSeconds) {
      throttled = { count, retryAfterSeconds };
    },
    requests,
    appended,
  };
}

/** The fake on a port of its own (tests): its root is `url`, its token endpoint `tokenUrl`. */
export async function startFakeGoogleSheets(options: {
  spreadsheets: FakeSpreadsheet[];
}): Promise<FakeGoogleSheets> {
  // The fake's key files name its URL, known once the server listens.
  const started: { fake?: GoogleSheetsFakeState } = {};
  const server: Server = createServer((request, response) =>
    started.fake!.handle(request, response, new URL(request.url ?? '/', 'http://sheets').pathname),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const fake = googleSheetsFake({ ...options, url });
  started.fake = fake;
  return {
    ...fake,
    url,
    tokenUrl: `${url}token`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
