import type { DiscoveredTable, TablePreview } from '@revlane/contracts';
import type { Connection as SalesforceApi, QueryResult } from 'jsforce';
import type { LogicalType } from '../../warehouse/index.js';
import type { ConnectionSession } from '../core/connection-session.js';
import { InvalidGrantError } from '../core/oauth-provider.js';
import { salesforceConnection, salesforceProvider } from './salesforce-provider.js';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
} from '../core/connector.js';
import { declaredColumns, declaredTable, writeDeclaredRows } from '../core/declared-fields.js';
import { retryAfter429 } from '../core/retry-after.js';
import {
  fieldOf,
  SALESFORCE_TABLES,
  soqlSelectOf,
  type SalesforceField,
} from './salesforce-tables.js';

type Row = Record<string, unknown>;

/**
 * Salesforce as a source (docs/architecture.md §6, Connections): each sObject a table, read by
 * SOQL through jsforce and paged by `nextRecordsUrl`, incremental on `LastModifiedDate`.
 * jsforce refreshes an expired session itself; the new token is saved, and a refused
 * refresh marks the connection `reconnect_needed`. `REQUEST_LIMIT_EXCEEDED` (429) waits.
 */
export class SalesforceConnector implements SourceConnector {
  private api: SalesforceApi | null = null;
  private session: ConnectionSession | null = null;
  /** Set when the provider refused our refresh token: the run fails as reconnect_needed. */
  private isGrantRefused = false;

  constructor(private readonly openSession: () => Promise<ConnectionSession>) {}

  async test(): Promise<void> {
    await this.query('SELECT Name FROM Organization');
  }

  listTables(): Promise<DiscoveredTable[]> {
    return Promise.resolve(
      Object.entries(SALESFORCE_TABLES).map(([name, fields]) => declaredTable(name, fields)),
    );
  }

  async preview(table: string, limit: number): Promise<TablePreview> {
    const fields = this.fieldsOf(table);
    const page = await this.query(`SELECT ${soqlSelectOf(fields)} FROM ${table}`);
    return {
      columns: declaredColumns(fields),
      rows: page.records
        .slice(0, limit)
        .map((record) => Object.fromEntries(fields.map((f) => [f[0], fieldOf(record, f)]))),
    };
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    const fields = this.fieldsOf(table);
    const after = options.cursor?.after ?? null;
    const where = after
      ? ` WHERE LastModifiedDate > ${new Date(after).toISOString().replace(/\.\d{3}Z$/, 'Z')}`
      : '';
    const soql = `SELECT ${soqlSelectOf(fields)} FROM ${table}${where} ORDER BY LastModifiedDate`;
    let cursor = after;
    // The first page before the file opens: a refused session fails before anything is written.
    const first = await this.query(soql);
    const rows = async function* (this: SalesforceConnector) {
      let page = first;
      for (;;) {
        for (const record of page.records) {
          const modified =
            typeof record.LastModifiedDate === 'string' ? record.LastModifiedDate : '';
          if (!cursor || modified > cursor) cursor = modified;
          yield fields.map((field) => valueOf(fieldOf(record, field), field[1]));
        }
        if (page.done || !page.nextRecordsUrl) return;
        options.signal.throwIfAborted();
        const next = page.nextRecordsUrl;
        page = await this.call<QueryResult<Row>>((api) => api.queryMore<Row>(next));
      }
    }.call(this);
    return writeDeclaredRows(file, fields, rows, options, () => cursor);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private fieldsOf(table: string): SalesforceField[] {
    const fields = SALESFORCE_TABLES[table];
    if (!fields) throw new ConnectorError('not_found', `Salesforce has no object "${table}" here.`);
    return fields;
  }

  private query(soql: string): Promise<QueryResult<Row>> {
    return this.call((api) => api.query<Row>(soql, { autoFetch: false }));
  }

  /** One API call on a live session: 429s waited out, refreshed tokens saved, errors mapped. */
  private async call<T>(work: (api: SalesforceApi) => PromiseLike<T>): Promise<T> {
    const api = await this.connect();
    try {
      return await retryAfter429(async () => await work(api));
    } catch (error) {
      throw await this.session!.failed(this.isGrantRefused ? new InvalidGrantError() : error);
    }
  }

  private async connect(): Promise<SalesforceApi> {
    if (this.api) return this.api;
    const session = await this.openSession();
    const tokens = await session.current();
    const api = salesforceConnection(
      session.settings,
      tokens,
      session.record.instanceUrl ?? '',
      (_conn, callback) => {
        salesforceProvider.refresh!(session.settings, session.stored)
          .then(async (next) => {
            await session.save(next);
            callback(null, next.accessToken);
          })
          .catch((error: unknown) => {
            if (error instanceof InvalidGrantError) this.isGrantRefused = true;
            callback(error as Error);
          });
      },
    );
    this.session = session;
    this.api = api;
    return api;
  }
}

function valueOf(value: unknown, type: LogicalType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'timestamp') return new Date(value as string);
  return value;
}
