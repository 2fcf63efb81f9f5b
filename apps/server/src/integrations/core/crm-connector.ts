import type { DiscoveredTable, SelectedTable, TablePreview } from '@revlane/contracts';
import type { ProviderSettings } from '../../platform/connections-config.js';
import type { LogicalType } from '../../warehouse/index.js';
import type { ConnectionSession } from './connection-session.js';
import { InvalidGrantError } from './oauth-provider.js';
import {
  ConnectorError,
  isConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
} from './connector.js';
import { declaredColumns, declaredTable, writeDeclaredRows } from './declared-fields.js';
import { retryAfter429 } from './retry-after.js';

export type CrmField = [name: string, type: LogicalType];
export type CrmRow = Record<string, unknown>;

/**
 * One object a CRM lands as a table: its fields, and the modified-date field it is incremental
 * on; without one (a provider's short list, such as Intercom's admins) it is read whole each run.
 */
export interface CrmTable {
  fields: CrmField[];
  cursor?: string;
}

/**
 * One page of records, flattened to the table's field names (dates as ISO text), and the
 * provider's next-page token.
 */
export interface CrmPage {
  records: CrmRow[];
  next: string | null;
}

/**
 * How one CRM is read page by page, its own way (`paging.next.after`, cursors, `links.next`).
 * Errors keep the provider's HTTP status (`status` or `code`, and `headers`), so 429s are
 * waited out and 401s refreshed by `CrmConnector`.
 */
export interface CrmReader {
  readonly label: string;
  readonly tables: Record<string, CrmTable>;
  page(
    settings: ProviderSettings,
    accessToken: string,
    request: { table: string; modifiedAfter: string | null; next: string | null },
  ): Promise<CrmPage>;
}

/**
 * What a CRM's source syncs: every object, each incremental on its modified-date field and
 * merged on its id (a record modified again replaces its earlier row). Every object's first
 * field is its id.
 */
export const crmSelectedTables = (reader: Pick<CrmReader, 'tables'>): SelectedTable[] =>
  Object.entries(reader.tables).map(([name, table]) =>
    table.cursor ? { name, cursorColumn: table.cursor, primaryKey: table.fields[0]![0] } : { name },
  );

const statusOf = (error: unknown) => {
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown } | null;
  return [e?.status, e?.statusCode, e?.code].find((value) => typeof value === 'number');
};

/**
 * A CRM as a source (docs/architecture.md §6, Connections), shared by the providers read
 * over their REST APIs: every page is fetched on fresh tokens (refreshed before expiry, and
 * once more on a 401), through `retryAfter429`; records stream into the load file and the
 * largest modified date seen becomes the next run's cursor. A refused refresh marks the
 * connection `reconnect_needed` (ConnectionSession).
 */
export class CrmConnector implements SourceConnector {
  private session: ConnectionSession | null = null;

  constructor(
    private readonly reader: CrmReader,
    private readonly openSession: () => Promise<ConnectionSession>,
  ) {}

  async test(): Promise<void> {
    const [first] = Object.keys(this.reader.tables);
    await this.page(first!, null, null);
  }

  listTables(): Promise<DiscoveredTable[]> {
    return Promise.resolve(
      Object.entries(this.reader.tables).map(([name, table]) => declaredTable(name, table.fields)),
    );
  }

  async preview(table: string, limit: number): Promise<TablePreview> {
    const { fields } = this.tableOf(table);
    const page = await this.page(table, null, null);
    return {
      columns: declaredColumns(fields),
      rows: page.records
        .slice(0, limit)
        .map((record) => Object.fromEntries(fields.map(([name]) => [name, record[name] ?? null]))),
    };
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    const { fields, cursor: cursorField } = this.tableOf(table);
    const after = options.cursor?.after ?? null;
    let cursor = after;
    // The first page before the file opens: a refused session fails before anything is written.
    const first = await this.page(table, after, null);
    const rows = async function* (this: CrmConnector) {
      let page = first;
      for (;;) {
        for (const record of page.records) {
          const modified = cursorField ? record[cursorField] : undefined;
          const text = typeof modified === 'string' ? modified : '';
          // Providers filter on the date at their own precision: never land a row twice.
          if (after && text && Date.parse(text) <= Date.parse(after)) continue;
          if (text && (!cursor || Date.parse(text) > Date.parse(cursor))) cursor = text;
          yield fields.map(([name, type]) => valueOf(record[name], type));
        }
        if (!page.next) return;
        options.signal.throwIfAborted();
        page = await this.page(table, after, page.next);
      }
    }.call(this);
    return writeDeclaredRows(file, fields, rows, options, () => cursor);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private tableOf(table: string): CrmTable {
    const found = this.reader.tables[table];
    if (!found)
      throw new ConnectorError('not_found', `${this.reader.label} has no object "${table}" here.`);
    return found;
  }

  /**
   * One page on live tokens: 429s waited out, one refresh on a 401; a 401 after that (or a
   * refused refresh) means the authorization is gone: the connection needs reconnecting.
   */
  private async page(table: string, modifiedAfter: string | null, next: string | null) {
    const session = (this.session ??= await this.openSession());
    const request = { table, modifiedAfter, next };
    const fetchPage = async () =>
      retryAfter429(async () =>
        this.reader.page(session.settings, (await session.current()).accessToken, request),
      );
    try {
      try {
        return await fetchPage();
      } catch (error) {
        if (statusOf(error) !== 401) throw error;
        await session.renew();
        return await fetchPage();
      }
    } catch (error) {
      const status = statusOf(error);
      const failed = await session.failed(status === 401 ? new InvalidGrantError() : error);
      if (isConnectorError(failed) || status === undefined) throw failed;
      // A client's own message may quote whole responses: the status and the provider's words.
      const said = (error as { body?: { message?: unknown } }).body?.message;
      throw new ConnectorError(
        'remote',
        `${this.reader.label} answered HTTP ${status}${typeof said === 'string' ? `: ${said}` : ''}.`,
      );
    }
  }
}

function valueOf(value: unknown, type: LogicalType): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'timestamp') return new Date(value as string);
  if (['double', 'bigint', 'integer', 'decimal'].includes(type) && typeof value === 'string')
    return Number(value);
  return value;
}
