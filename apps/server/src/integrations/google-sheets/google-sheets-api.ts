import { sheets, type sheets_v4 } from '@googleapis/sheets';
import { JWT } from 'google-auth-library';
import type { GoogleSheetsSettings } from '../../platform/config.js';
import { ConnectorError } from '../core/connector.js';
import { networkFailure } from '../core/network-errors.js';

const READ_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const WRITE_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
/** The official client signs its JWT for this endpoint; the request goes to the configured one. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** 429s honoured this many times, each waiting Retry-After (at most a minute). */
const MAX_THROTTLED = 5;
const MAX_RETRY_AFTER_MS = 60_000;

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

interface GoogleError {
  status?: number;
  response?: { status?: number; headers?: Headers; data?: unknown };
  cause?: unknown;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * The official Sheets client (`@googleapis/sheets`, ADR 0017) as a service account with
 * `scope`: a JWT signed with its key is exchanged for a token at the configured token URL
 * (the client's own would always be Google's; a key's own `token_uri` is ignored, so the
 * token request goes only where the operator said), requests go to the configured `rootUrl`.
 */
export function googleSheetsClient(settings: GoogleSheetsSettings, keyText: string, scope: string) {
  const key = JSON.parse(keyText) as ServiceAccountKey;
  const auth = new JWT({ email: key.client_email, key: key.private_key, scopes: [scope] });
  const api = new URL(settings.apiUrl);
  auth.transporter.interceptors.request.add({
    resolved: (options) => {
      const url = String(options.url);
      if (url === GOOGLE_TOKEN_URL) options.url = new URL(settings.tokenUrl);
      // The client keeps only the root's origin: a root with a path (the sandbox's
      // /sandbox/google-sheets/) gets its path back here.
      else if (api.pathname !== '/' && url.startsWith(`${api.origin}/v4/`))
        options.url = new URL(url.slice(api.origin.length + 1), api);
      return Promise.resolve(options);
    },
  });
  return {
    serviceAccountEmail: key.client_email,
    client: sheets({ version: 'v4', auth, rootUrl: settings.apiUrl }),
  };
}

/**
 * The Sheets client as the deployment's service account with write access (plays' appends,
 * activations); a server without a key is refused with what to set.
 */
export function sheetsWriteClient(settings: GoogleSheetsSettings) {
  if (!settings.serviceAccountKey)
    throw new ConnectorError(
      'authentication',
      'Google Sheets is not set up on this server: set GOOGLE_SERVICE_ACCOUNT_KEY.',
    );
  return googleSheetsClient(settings, settings.serviceAccountKey, WRITE_SCOPE);
}

/**
 * The Sheets API as a source reads it (`googleSheetsClient`, read-only scope): Google's errors
 * become messages that say what to do; a 429 waits for `Retry-After`.
 */
export class GoogleSheetsApi {
  readonly serviceAccountEmail: string;
  private readonly client: sheets_v4.Sheets;
  private readonly host: string;

  constructor(settings: GoogleSheetsSettings, sourceKey: string | undefined) {
    const keyText = sourceKey ?? settings.serviceAccountKey;
    if (!keyText)
      throw new ConnectorError(
        'authentication',
        'Google Sheets is not set up on this server: give the source a service account key, or set GOOGLE_SERVICE_ACCOUNT_KEY.',
      );
    const opened = googleSheetsClient(settings, keyText, READ_SCOPE);
    this.serviceAccountEmail = opened.serviceAccountEmail;
    this.client = opened.client;
    this.host = new URL(settings.apiUrl).hostname;
  }

  /** The spreadsheet's title and its tabs' properties (no cell data). */
  async spreadsheet(spreadsheetId: string, signal?: AbortSignal) {
    const response = await this.call(spreadsheetId, signal, (options) =>
      this.client.spreadsheets.get(
        {
          spreadsheetId,
          includeGridData: false,
          fields: 'properties.title,sheets.properties',
        },
        options,
      ),
    );
    return response.data;
  }

  /** The cells of an A1 range, unformatted (numbers as numbers), dates as shown. */
  async values(spreadsheetId: string, range: string, signal?: AbortSignal): Promise<unknown[][]> {
    const response = await this.call(spreadsheetId, signal, (options) =>
      this.client.spreadsheets.values.get(
        {
          spreadsheetId,
          range,
          majorDimension: 'ROWS',
          valueRenderOption: 'UNFORMATTED_VALUE',
          dateTimeRenderOption: 'FORMATTED_STRING',
        },
        options,
      ),
    );
    return (response.data.values ?? []) as unknown[][];
  }

  private async call<T>(
    spreadsheetId: string,
    signal: AbortSignal | undefined,
    request: (options: { retry: false; signal?: AbortSignal }) => Promise<T>,
  ): Promise<T> {
    for (let throttled = 0; ; throttled += 1) {
      try {
        return await request({ retry: false, ...(signal ? { signal } : {}) });
      } catch (error) {
        signal?.throwIfAborted();
        const failure = error as GoogleError;
        const status = failure.status ?? failure.response?.status;
        if (status === 429 && throttled < MAX_THROTTLED) {
          await sleep(retryAfterMs(failure.response?.headers), signal);
          continue;
        }
        throw this.failure(error, status, spreadsheetId);
      }
    }
  }

  private failure(error: unknown, status: number | undefined, spreadsheetId: string) {
    if (status === 403)
      return new ConnectorError(
        'authentication',
        `Google Sheets refused access: share the sheet with ${this.serviceAccountEmail} (Viewer is enough).`,
      );
    if (status === 404)
      return new ConnectorError(
        'not_found',
        `Spreadsheet ${spreadsheetId} was not found: check the id in the sheet's address.`,
      );
    if (status === 429)
      return new ConnectorError('remote', 'Google Sheets kept answering "too many requests".');
    if (status === 400 && /invalid_grant/.test(JSON.stringify(errorBody(error))))
      return new ConnectorError(
        'authentication',
        `Google refused the service account ${this.serviceAccountEmail}: check its key.`,
      );
    if (status !== undefined)
      return new ConnectorError('remote', `Google Sheets answered ${status}: ${apiMessage(error)}`);
    const cause = (error as GoogleError).cause ?? error;
    return (
      networkFailure(cause, { host: this.host }) ??
      new ConnectorError('remote', `Could not reach Google Sheets at ${this.host}.`)
    );
  }
}

const errorBody = (error: unknown) => (error as GoogleError).response?.data;

/** Google's `{ error: { message } }`, never more than that (no request, no token). */
function apiMessage(error: unknown): string {
  const body = errorBody(error) as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : 'unexpected error';
}

/** `Retry-After` in seconds or as an HTTP date; 1 s when absent. */
function retryAfterMs(headers: Headers | undefined): number {
  const value = headers?.get('retry-after');
  if (!value) return 1000;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
