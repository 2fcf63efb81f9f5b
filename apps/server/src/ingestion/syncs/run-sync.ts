import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SelectedTable, SyncTableReport } from '@revlane/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/database/database.js';
import type { LandedTableState } from '../../platform/database/schema/index.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { publishWarehouseLoaded } from '../../platform/jobs/warehouse-loaded.js';
import type { SecretBox } from '../../platform/secrets/secret-box.js';
import type { Warehouse } from '../../warehouse/index.js';
import { nextTableName } from '../../warehouse/index.js';
import {
  isTransientFailure,
  type ExtractedColumn,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
} from '../../integrations/index.js';
import {
  csvTableName,
  openConnector,
  type ConnectorContext,
} from '../connectors/open-connector.js';
import {
  adoptAsNextTable,
  buildNextTable,
  landedColumns,
  landedName,
  landedSchema,
  landsAlike,
} from '../landing/build-next-table.js';
import { createCsvPipe, releaseCsvPipe } from '../landing/csv-pipe.js';
import { dropLeftoverNextTables, dropTables, rawTableName } from '../landing/landed-tables.js';
import { hasDrift, schemaDrift } from '../landing/schema-drift.js';
import { fullConfig, openSecrets } from '../sources/source-secrets.js';
import { findSource, updateSource, type SourceRecord } from '../sources/sources.repository.js';
import { markStepCompleted } from '../../services/user/index.js';
import { SYNC_RETRY_LIMIT, type SourceSyncJob } from './sync-jobs.js';
import { inTable, safeMessage } from './sync-errors.js';
import { SyncProgress } from './sync-progress.js';
import { finishSync, markRetrying, startSync } from './syncs.repository.js';

const CONNECT_DATA_STEP = 'connect-my-data';

export interface SyncDeps {
  db: Database;
  warehouse: Warehouse;
  secrets: SecretBox;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  context: Omit<ConnectorContext, 'orgId' | 'sourceId'>;
  /** Runs of this process by id, so a cancel request here aborts at once. */
  running: Map<string, SyncProgress>;
}

/** The tables a run loads: the selection, or a CSV source's one file. */
function tablesToLoad(source: SourceRecord): SelectedTable[] {
  if (source.selectedTables.length > 0) return source.selectedTables;
  return source.type === 'csv' ? [{ name: csvTableName(source.config) }] : [];
}

/**
 * One sync run: each selected table is streamed from the source into a temporary CSV file,
 * loaded into `<raw>__next` beside the live table, and every table of the source is swapped
 * in ONE transaction at the end, so a reader sees the old load or the new one. A failed or
 * cancelled run drops its `__next` tables and leaves the previous data. After a successful
 * swap the "warehouse loaded" event tells what depends on the data.
 */
export async function runSync(deps: SyncDeps, job: SourceSyncJob, attempt: number) {
  const { db, warehouse } = deps;
  if (!(await startSync(db, job.syncId))) return;
  const source = await findSource(db, job.orgId, job.sourceId);
  if (!source) {
    await finishSync(db, job.syncId, { status: 'failed', error: 'The source was deleted.' });
    return;
  }
  const progress = new SyncProgress(db, job.syncId);
  deps.running.set(job.syncId, progress);
  progress.start();
  const directory = await mkdtemp(path.join(tmpdir(), 'revlane-sync-'));
  const built: string[] = [];
  let connector: SourceConnector | null = null;
  try {
    // What a killed run of this source left half built goes first (ADR 0027).
    await dropLeftoverNextTables(warehouse, job.orgId, source.id);
    const tables = tablesToLoad(source);
    if (tables.length === 0) throw new Error('No tables are selected: choose what to load first.');
    connector = openConnector(source.type, fullConfig(deps.secrets, source), {
      ...deps.context,
      orgId: job.orgId,
      sourceId: source.id,
    });
    const landed: Record<string, LandedTableState> = { ...source.landed };
    const taken = new Set(Object.values(landed).map((state) => state.warehouseTable));
    for (const [index, table] of tables.entries()) {
      const previous = landed[table.name];
      const rawName = previous?.warehouseTable ?? rawTableName(source.id, table.name, taken);
      taken.add(rawName);
      built.push(rawName);
      const file = path.join(directory, `${index}.csv`);
      const described: Described = { columns: [] };
      const report = await loadTable(deps, job.orgId, connector, progress, {
        table,
        previous,
        rawName,
        file,
        described,
      }).catch((error: unknown) => {
        throw inTable(table.name, error, sourceNamesOf(rawName, described.columns));
      });
      progress.tables.push(report.report);
      landed[table.name] = report.state;
      await progress.flush();
    }
    progress.controller.signal.throwIfAborted();
    await warehouse.swapTables(job.orgId, built);
    built.length = 0;
    await updateSource(db, job.orgId, source.id, { landed });
    await progress.stop();
    await finishSync(db, job.syncId, {
      status: 'succeeded',
      rowsRead: progress.rowsRead,
      rowsWritten: progress.rowsWritten,
      tables: progress.tables,
    });
    // Home's "connect-my-data" step completes with the first successful sync (docs/product.md §4).
    if (source.createdBy)
      await markStepCompleted(db, job.orgId, source.createdBy, CONNECT_DATA_STEP);
    await publishWarehouseLoaded(deps.jobs, {
      orgId: job.orgId,
      loadedAt: new Date().toISOString(),
      reason: 'sync',
      sourceId: source.id,
    });
  } catch (error) {
    await progress.stop();
    await dropScratch(warehouse, job.orgId, built);
    const counters = {
      rowsRead: progress.rowsRead,
      rowsWritten: progress.rowsWritten,
      tables: progress.tables,
    };
    if (progress.controller.signal.aborted) {
      await finishSync(db, job.syncId, { status: 'cancelled', ...counters });
      return;
    }
    const message = safeMessage(
      error,
      Object.values(openSecrets(deps.secrets, source.id, source.sealedSecrets)),
    );
    // Only a network fault or a timeout may pass; a conversion or a missing table would not.
    const retry = attempt <= SYNC_RETRY_LIMIT && isTransientFailure(error);
    if (retry) {
      // Back to queued: pg-boss runs the job again after its backoff.
      await markRetrying(db, job.syncId, message);
      throw error;
    }
    deps.log.warn({ syncId: job.syncId, sourceId: source.id, error: message }, 'sync failed');
    await finishSync(db, job.syncId, { status: 'failed', error: message, ...counters });
  } finally {
    deps.running.delete(job.syncId);
    await connector?.close();
    await rm(directory, { recursive: true, force: true });
  }
}

/** The columns a table's extract described: a failed load names them as the source does. */
interface Described {
  columns: readonly ExtractedColumn[];
}

/** Warehouse column names to the source's own (`account_owner` → `Account Owner`). */
function sourceNamesOf(rawName: string, columns: readonly ExtractedColumn[]) {
  const landed = landedColumns(landedSchema(rawName, columns), columns);
  return new Map(landed.map((column) => [column.warehouseName, column.name]));
}

async function loadTable(
  deps: SyncDeps,
  orgId: string,
  connector: SourceConnector,
  progress: SyncProgress,
  target: {
    table: SelectedTable;
    previous: LandedTableState | undefined;
    rawName: string;
    file: string;
    described: Described;
  },
): Promise<{ report: SyncTableReport; state: LandedTableState }> {
  const { table, previous, rawName, file, described } = target;
  const cursorColumn = table.cursorColumn;
  const canAppend =
    cursorColumn !== undefined &&
    previous?.cursorColumn === cursorColumn &&
    (await deps.warehouse.hasTable(orgId, rawName));
  const extract = async (incremental: boolean, onColumns?: ExtractOptions['onColumns']) => {
    progress.current = 0;
    const result = await connector.extract(table.name, file, {
      signal: progress.controller.signal,
      readsSniffedCsv: deps.warehouse.readsSniffedCsv,
      ...(table.excludeColumns?.length ? { excludeColumns: table.excludeColumns } : {}),
      onProgress: (rows) => {
        progress.current = rows;
      },
      onColumns: (columns) => {
        described.columns = columns;
        onColumns?.(columns);
      },
      ...(cursorColumn
        ? {
            cursor: {
              column: cursorColumn,
              after: incremental ? (previous?.cursor ?? null) : null,
            },
          }
        : {}),
    });
    described.columns = result.columns;
    return result;
  };
  let incremental = canAppend;
  let extracted: ExtractResult;
  let written: number;
  const throughPipe =
    !canAppend &&
    connector.describesBeforeWriting === true &&
    deps.warehouse.readsCsvWhileWritten &&
    (await createCsvPipe(file));
  if (throughPipe) {
    // A full refresh read while it is written: the extract and the load overlap (ADR 0027).
    ({ extracted, written } = await loadThroughPipe(deps, orgId, rawName, file, progress, (on) =>
      extract(false, on),
    ));
  } else {
    extracted = await extract(incremental);
    if (
      incremental &&
      (hasDrift(schemaDrift(previous?.columns, extracted.columns)) ||
        !(await landsAlike(deps.warehouse, orgId, landedSchema(rawName, extracted.columns))))
    ) {
      // Appending rows of another shape is not possible: this load is a full refresh.
      incremental = false;
      extracted = await extract(false);
    }
    const { csv } = extracted;
    const schema = landedSchema(rawName, extracted.columns);
    written = csv?.loadedAhead
      ? await adoptAsNextTable(deps.warehouse, orgId, schema, csv.loadedAhead)
      : await buildNextTable(
          deps.warehouse,
          orgId,
          schema,
          csv?.file ?? file,
          incremental && { mergeKey: landedName(schema, extracted.columns, table.primaryKey) },
          { signal: progress.controller.signal, ...(csv ? { sniffed: csv.sniffed } : {}) },
        );
  }
  const { csv } = extracted;
  const drift = schemaDrift(previous?.columns, extracted.columns);
  const warnings = extracted.warnings ?? [];
  const rows = await countRows(deps.warehouse, orgId, nextTableName(rawName));
  progress.current = 0;
  // A file loaded as it is was read once, by the load: what it wrote is what it read.
  progress.rowsRead += csv ? written : extracted.rows;
  progress.rowsWritten += written;
  return {
    report: {
      name: table.name,
      warehouseTable: rawName,
      rows: written,
      incremental,
      ...drift,
      columns: landedColumns(landedSchema(rawName, extracted.columns), extracted.columns),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
    state: {
      warehouseTable: rawName,
      columns: extracted.columns.map(({ name, sourceType }) => ({ name, type: sourceType })),
      rows,
      ...(cursorColumn ? { cursorColumn, cursor: extracted.cursor } : {}),
    },
  };
}

/**
 * Extracts into a pipe while the warehouse loads `<raw>__next` from it: the load starts as
 * soon as the connector has the columns. A failed extract releases the load (which then
 * fails on the cut-off row or reads a short file, never swapped in) and its error is the one
 * reported; a failed load releases the writer, and its own error is the one reported rather
 * than the broken pipe it causes.
 */
async function loadThroughPipe(
  deps: SyncDeps,
  orgId: string,
  rawName: string,
  file: string,
  progress: SyncProgress,
  extract: (onColumns: ExtractOptions['onColumns']) => Promise<ExtractResult>,
): Promise<{ extracted: ExtractResult; written: number }> {
  // Set from the connector's callback, hence a holder rather than a local TypeScript narrows.
  const started: { load: Promise<number> | null } = { load: null };
  let loadError: unknown = null;
  const extracting = extract((columns) => {
    const load = buildNextTable(
      deps.warehouse,
      orgId,
      landedSchema(rawName, columns),
      file,
      false,
      {
        signal: progress.controller.signal,
      },
    ).catch(async (error: unknown) => {
      loadError ??= error;
      await releaseCsvPipe(file);
      throw error;
    });
    // Awaited below; until then a failure must not count as unhandled.
    load.catch(() => undefined);
    started.load = load;
  });
  let extracted: ExtractResult;
  try {
    extracted = await extracting;
  } catch (error) {
    if (started.load) await releaseUntilSettled(file, started.load);
    // A load failing on a cut-off line failed because the extract stopped mid-row: the
    // extract's error is the cause (a source's division by zero, not "CSV Error on Line").
    throw loadError !== null && !isCutOffRead(loadError) ? loadError : error;
  }
  if (!started.load) throw new Error('The connector wrote no columns.');
  return { extracted, written: await started.load };
}

/** How both engines refuse a load file that ends in the middle of a row. */
const CUT_OFF_READ =
  /CSV Error|unexpected EOF|missing data for column|unterminated CSV quoted field/i;
const isCutOffRead = (error: unknown) => error instanceof Error && CUT_OFF_READ.test(error.message);

/**
 * Lets a load whose writer failed finish: it may still be about to open the pipe (after
 * creating its table), so the pipe is released until the load has settled.
 */
async function releaseUntilSettled(file: string, load: Promise<number>): Promise<void> {
  let settled = false;
  const done = load.then(
    () => undefined,
    () => undefined,
  );
  void done.then(() => {
    settled = true;
  });
  while (!settled) {
    await releaseCsvPipe(file);
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
}

/** The rows of a built table: what the source card shows as in the warehouse. */
async function countRows(warehouse: Warehouse, orgId: string, table: string): Promise<number> {
  const [row] = await warehouse.query(orgId, {
    sql: `SELECT count(*) AS n FROM ${warehouse.dialect.table(orgId, table)}`,
    params: [],
  });
  return Number(row?.n ?? 0);
}

async function dropScratch(warehouse: Warehouse, orgId: string, names: readonly string[]) {
  await dropTables(warehouse, orgId, names.map(nextTableName)).catch(() => undefined);
}
