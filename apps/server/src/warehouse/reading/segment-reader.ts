import {
  GROUP_COUNT_HEADER,
  type CellValue,
  type SegmentColumn,
  type SegmentDataPage,
  type SegmentGroupsPage,
  type SegmentRow,
} from '@revlane/contracts';
import { BUILT_IN_CATALOGUE, type OrgCatalogue } from '../catalogue/org-catalogue.js';
import {
  compileSegmentQuery,
  type CompiledSegmentQuery,
} from '../compiler/compile-segment-query.js';
import type { SegmentQueryInput } from '../compiler/segment-query-input.js';
import type { CompiledQuery, Warehouse, WarehouseRow } from '../engine/warehouse.js';
import { csvLine } from '../engine/csv-encoding.js';
import type { LoadInfo } from '../loading/load-info.js';
import { PerLoadCache } from './per-load-cache.js';
import { LoadInfoCache } from './load-info-cache.js';
import { aggregateColumns, groupsPageColumns, toSegmentGroups } from './segment-groups.js';

/** The organization's first load has not finished: answer "preparing" (docs/product.md §4, §8). */
export class WarehousePreparingError extends Error {
  constructor(orgId: string) {
    super(`The warehouse of organization ${orgId} is still preparing its first load`);
    this.name = 'WarehousePreparingError';
  }
}

export interface SegmentCsvExport {
  columns: SegmentColumn[];
  /** The file's bytes: the header line, then the rows. */
  chunks: AsyncIterable<Buffer>;
}

async function* prepend(first: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  yield* rest;
}

/** Same rule as the rows' CSV expressions (compiler/csv-columns.ts). */
const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A group's key or number as CSV text: blank for null, text defused like the rows'. */
function groupCell(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return defuse(value);
  return Array.isArray(value) ? value.join(' ') : String(value);
}

export interface SegmentExport {
  columns: SegmentColumn[];
  /** Batches of rows (`id` first, then the columns), in page order, memory bounded. */
  batches: AsyncIterable<WarehouseRow[]>;
}

/**
 * What the live-ops routes call: compiles a segment query for the warehouse's dialect and
 * runs it. Throws SegmentQueryError (→ 400) before touching the warehouse, and
 * WarehousePreparingError before the first load.
 */
export class SegmentReader {
  private readonly counts: PerLoadCache<number>;
  private readonly pages: PerLoadCache<WarehouseRow[]>;
  private readonly loads: LoadInfoCache;

  constructor(
    private readonly warehouse: Warehouse,
    options: { countCacheSize?: number; pageCacheSize?: number } = {},
  ) {
    this.counts = new PerLoadCache(options.countCacheSize ?? 2000);
    this.pages = new PerLoadCache(options.pageCacheSize ?? 500);
    this.loads = new LoadInfoCache(warehouse);
  }

  /** `ready` with the load the data comes from, or `preparing`. */
  async status(
    orgId: string,
  ): Promise<{ state: 'ready'; load: LoadInfo } | { state: 'preparing' }> {
    const load = await this.loads.get(orgId);
    return load ? { state: 'ready', load } : { state: 'preparing' };
  }

  /**
   * The organization's column catalogue as of its current load (ADR 0026): the built-in
   * columns and its custom attributes; the built-in ones before its first load.
   */
  async catalogue(orgId: string): Promise<OrgCatalogue> {
    return (await this.loads.get(orgId))?.catalogue ?? BUILT_IN_CATALOGUE;
  }

  async page(input: SegmentQueryInput): Promise<SegmentDataPage> {
    const { compiled, load } = await this.compile(input);
    const [rows, total] = await Promise.all([
      this.rows(input.orgId, load, compiled.pageQuery),
      this.count(input.orgId, load, compiled.countQuery),
    ]);
    const { page, perPage, columns } = compiled;
    return { rows: rows as SegmentRow[], total, page, perPage, columns };
  }

  async groups(input: SegmentQueryInput): Promise<SegmentGroupsPage> {
    const { compiled, load } = await this.compile(input);
    if (!compiled.grouping) throw new Error('groups() needs groupBy');
    const { grouping } = compiled;
    const [rows, total] = await Promise.all([
      this.rows(input.orgId, load, grouping.groupsQuery),
      this.count(input.orgId, load, grouping.countQuery),
    ]);
    return {
      groups: toSegmentGroups(rows, grouping),
      total,
      page: compiled.page,
      perPage: compiled.perPage,
      pivot: grouping.pivot,
      pivotIdentifier: grouping.pivotIdentifier,
      aggregates: aggregateColumns(grouping),
      columns: groupsPageColumns(compiled.columns, grouping),
    };
  }

  /** Validates now (so a bad query is a 400 before any byte is sent), streams later. */
  async export(input: SegmentQueryInput, batchSize = 5000): Promise<SegmentExport> {
    const { compiled } = await this.compile(input);
    return {
      columns: compiled.columns,
      batches: this.warehouse.stream(input.orgId, compiled.exportQuery, { batchSize }),
    };
  }

  /**
   * The CSV export (RFC 4180): a header of column labels, then every matching row in page
   * order, formulas defused. Validates now, writes later, memory flat.
   */
  async exportCsv(input: SegmentQueryInput): Promise<SegmentCsvExport> {
    const { compiled } = await this.compile(input);
    const header = csvLine(compiled.columns.map((column) => defuse(column.label)));
    const body = this.warehouse.exportCsv(input.orgId, compiled.csvQuery);
    return { columns: compiled.columns, chunks: prepend(Buffer.from(header), body) };
  }

  /**
   * A grouped view's CSV: what the screen shows, under the screen's headers, one line per
   * group (the group columns, the number of records, each numeric column's aggregate), every
   * group in page order.
   */
  async exportGroupsCsv(input: SegmentQueryInput): Promise<SegmentCsvExport> {
    const { compiled } = await this.compile(input);
    if (!compiled.grouping) throw new Error('exportGroupsCsv() needs groupBy');
    const { grouping, columns } = compiled;
    const aggregates = aggregateColumns(grouping);
    const header = [
      ...grouping.keyColumns.map((column) => column.label),
      GROUP_COUNT_HEADER,
      ...aggregates.map((aggregate) => aggregate.header),
    ];
    const batches = this.warehouse.stream(input.orgId, grouping.exportQuery, { batchSize: 5000 });
    return { columns, chunks: prepend(Buffer.from(csvLine(header.map(defuse))), groupLines()) };
    async function* groupLines(): AsyncGenerator<Buffer> {
      for await (const rows of batches) {
        const lines = toSegmentGroups(rows, grouping).map((group) =>
          csvLine(
            [
              group.pivot,
              ...(grouping.pivotIdentifier === null ? [] : [group.pivot_identifier]),
              group.count,
              ...aggregates.map(({ column }) => group.values[column]),
            ].map(groupCell),
          ),
        );
        yield Buffer.from(lines.join(''));
      }
    }
  }

  /**
   * Compiles against the catalogue of the load the query will read (a query naming a custom
   * column of an earlier load is a 400), then requires that load: a bad query is still a
   * 400 before the first load.
   */
  private async compile(
    input: SegmentQueryInput,
  ): Promise<{ compiled: CompiledSegmentQuery; load: LoadInfo }> {
    const load = await this.loads.get(input.orgId);
    const catalogue = load?.catalogue ?? BUILT_IN_CATALOGUE;
    const compiled = compileSegmentQuery({ ...input, catalogue }, this.warehouse.dialect);
    if (!load) throw new WarehousePreparingError(input.orgId);
    return { compiled, load };
  }

  /** A page of rows or groups (at most perPage), shared by concurrent and repeated reads. */
  private rows(orgId: string, load: LoadInfo, query: CompiledQuery): Promise<WarehouseRow[]> {
    return this.pages.get(orgId, load.loadId, query, () => this.warehouse.query(orgId, query));
  }

  private count(orgId: string, load: LoadInfo, query: CompiledQuery): Promise<number> {
    return this.counts.get(orgId, load.loadId, query, async () => {
      const [row] = await this.warehouse.query(orgId, query);
      return Number(row?.total ?? 0);
    });
  }
}
