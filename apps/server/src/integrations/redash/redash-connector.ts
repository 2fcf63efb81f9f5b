import type { DiscoveredTable, TablePreview } from '@revlane/contracts';
import {
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../platform/outbound/outbound-policy.js';
import { pinnedFetch } from '../../platform/outbound/pinned-fetch.js';
import type { LogicalType } from '../../warehouse/index.js';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
} from '../core/connector.js';
import { writeCsvFile } from '../core/csv-encoder.js';
import { jsonSafeRow } from '../core/json-safe.js';
import { networkFailure } from '../core/network-errors.js';

const LOGICAL_TYPES: Record<string, LogicalType> = {
  integer: 'bigint',
  float: 'double',
  boolean: 'boolean',
  datetime: 'timestamp',
  date: 'timestamp',
};
const PAGE_SIZE = 100;
const POLL_MS = 500;
const MAX_POLLS = 1200;

interface RedashResult {
  columns: { name: string; type: string | null }[];
  rows: Record<string, unknown>[];
}

/** A query as a table name: its name and id, `Weekly signups (#42)`. */
export const redashTableName = (query: { id: number; name: string }) =>
  `${query.name} (#${query.id})`;
const queryIdOf = (table: string) => /\(#(\d+)\)$/.exec(table)?.[1];

/**
 * A Redash source through its REST API: the user's API key in `Authorization: Key …`, the
 * queries listed page by page, a query run as a job that is polled until its result is
 * ready. Each query is a table. The host is checked against the outbound policy first.
 */
export class RedashConnector implements SourceConnector {
  private readonly base: URL;
  /** Connects only to the address the policy checked (no second lookup). */
  private readonly fetch: ReturnType<typeof pinnedFetch>;

  constructor(
    config: { url: string; apiKey?: string },
    private readonly apiKey: string,
    private readonly policy: OutboundPolicy,
  ) {
    this.base = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);
    this.fetch = pinnedFetch(policy);
  }

  async test(): Promise<void> {
    await this.get('api/queries?page=1&page_size=1');
  }

  /** Every query of the account, following the pages. */
  async queries(): Promise<{ id: number; name: string }[]> {
    const all: { id: number; name: string }[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await this.get(`api/queries?page=${page}&page_size=${PAGE_SIZE}`)) as {
        count: number;
        results: { id: number; name: string }[];
      };
      all.push(...body.results.map(({ id, name }) => ({ id, name })));
      if (body.results.length === 0 || all.length >= body.count) return all;
    }
  }

  async listTables(): Promise<DiscoveredTable[]> {
    return (await this.queries()).map((query) => ({
      name: redashTableName(query),
      columns: [],
      rowEstimate: null,
    }));
  }

  async preview(table: string, limit: number): Promise<TablePreview> {
    const result = await this.run(table);
    return {
      columns: result.columns.map(({ name, type }) => ({ name, type: type ?? 'string' })),
      rows: result.rows.slice(0, limit).map(jsonSafeRow),
    };
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    if (options.cursor)
      throw new ConnectorError('not_found', 'A Redash query is loaded whole; it has no cursor.');
    const result = await this.run(table, options.signal);
    const names = result.columns.map((column) => column.name);
    const rows = await writeCsvFile(
      file,
      names,
      result.rows.map((row) => names.map((name) => row[name] ?? null)),
      options,
    );
    return {
      columns: result.columns.map((column) => ({
        name: column.name,
        sourceType: column.type ?? 'string',
        type: LOGICAL_TYPES[column.type ?? ''] ?? 'text',
      })),
      rows,
      cursor: null,
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Runs the query as a job and waits for its result. */
  private async run(table: string, signal?: AbortSignal): Promise<RedashResult> {
    const id = queryIdOf(table);
    if (!id) throw new ConnectorError('not_found', `Table "${table}" is not a Redash query`);
    const started = (await this.request('POST', `api/queries/${id}/results`, { max_age: 0 })) as {
      job?: { id: string };
      query_result?: { data: RedashResult };
    };
    if (started.query_result) return started.query_result.data;
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      signal?.throwIfAborted();
      const { job } = (await this.get(`api/jobs/${started.job!.id}`)) as {
        job: { status: number; error?: string; query_result_id?: number };
      };
      if (job.status === 3) {
        const done = (await this.get(`api/query_results/${job.query_result_id}`)) as {
          query_result: { data: RedashResult };
        };
        return done.query_result.data;
      }
      if (job.status >= 4)
        throw new ConnectorError('remote', `The Redash query failed: ${job.error ?? 'cancelled'}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new ConnectorError('timeout', 'The Redash query did not finish in time.');
  }

  private get(path: string) {
    return this.request('GET', path);
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = new URL(path, this.base);
    let response: Awaited<ReturnType<typeof this.fetch>>;
    try {
      await resolveAllowedHost(url.hostname, this.policy);
      response = await this.fetch(url, {
        method,
        headers: { authorization: `Key ${this.apiKey}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
        redirect: 'error',
      });
    } catch (error) {
      throw (
        networkFailure((error as { cause?: unknown }).cause ?? error, { host: url.hostname }) ??
        networkFailure(error, { host: url.hostname }) ??
        new ConnectorError('remote', `Could not reach Redash at ${this.base.origin}.`)
      );
    }
    if (response.status === 401 || response.status === 403)
      throw new ConnectorError(
        'authentication',
        'Authentication failed: check the Redash API key.',
      );
    if (response.status === 404)
      throw new ConnectorError('not_found', `Redash answered 404 for ${url.pathname}.`);
    if (!response.ok)
      throw new ConnectorError('remote', `Redash answered ${response.status} for ${url.pathname}.`);
    return response.json();
  }
}
