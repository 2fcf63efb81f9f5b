import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/database/database.js';
import { isHttpError } from '../platform/errors/http-error.js';
import type { JobQueue } from '../platform/jobs/job-queue.js';
import type { TurnLock } from '../platform/locks/index.js';
import { publishWarehouseLoaded } from '../platform/jobs/warehouse-loaded.js';
import {
  loadCanonicalSelects,
  quoteIdentifier,
  SqlParams,
  type CanonicalTargets,
  type CompiledQuery,
  type Warehouse,
  EVENTS_TABLE,
} from '../warehouse/index.js';
import type { TableSchema } from '../warehouse/index.js';
import { seedMappedSegments } from './mapped-segments.js';
import { accountsSelect, eventsSelect, usersSelect } from './mapping-sql.js';
import { MAPPING_HEARTBEAT_MS, type MappingPublishJob } from './mapping-jobs.js';
import { beatRun, findRun, findVersion, finishRun, startRun } from './mapping.repository.js';
import { resolveMapping, type ResolvedMapping } from './resolve-mapping.js';

export interface MappingDeps {
  db: Database;
  warehouse: Warehouse;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** One build per organization at a time, in any process (they share the `__next` tables). */
  orgLock: TurnLock;
}

/** `INSERT INTO <target> (columns) <select>` with the select's own bound values. */
function insertInto(
  warehouse: Warehouse,
  orgId: string,
  target: string,
  schema: TableSchema,
  select: (params: SqlParams) => string,
): CompiledQuery {
  const params = new SqlParams();
  const columns = schema.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const sql = `INSERT INTO ${warehouse.dialect.table(orgId, target)} (${columns}) ${select(params)}`;
  return { sql, params: params.list() };
}

/** The statements filling the `__next` canonical tables from the landed tables. */
export function publishStatements(
  warehouse: Warehouse,
  orgId: string,
  mapping: ResolvedMapping,
  targets: CanonicalTargets,
): CompiledQuery[] {
  const sql = (params: SqlParams) => ({ dialect: warehouse.dialect, orgId, params });
  const table = (name: string) => warehouse.dialect.table(orgId, name);
  const statements = [
    insertInto(
      warehouse,
      orgId,
      targets.accounts,
      mapping.catalogue.canonicalSchema('accounts'),
      (p) => accountsSelect(sql(p), mapping),
    ),
    insertInto(warehouse, orgId, targets.users, mapping.catalogue.canonicalSchema('users'), (p) =>
      usersSelect(sql(p), mapping, table(targets.accounts)),
    ),
  ];
  if (mapping.events)
    statements.push(
      insertInto(warehouse, orgId, targets.events, EVENTS_TABLE, (p) =>
        eventsSelect(sql(p), mapping, table(targets.users)),
      ),
    );
  return statements;
}

/**
 * One mapping run (ADR 0019): the version is checked again against the landed tables as they
 * are now, the canonical tables are built beside the live ones and swapped in with the
 * metric and segment tables in one transaction, then 'warehouse loaded' (reason `publish`)
 * tells the snapshots. A failure leaves the previous data and fails the run with the reason.
 */
export async function runMappingPublish(deps: MappingDeps, job: MappingPublishJob) {
  const { db, warehouse } = deps;
  if (!(await startRun(db, job.runId))) return;
  // The sweep tells a run in progress from one whose process died by this heartbeat.
  const heartbeat = setInterval(
    () => void beatRun(db, job.runId).catch(() => undefined),
    MAPPING_HEARTBEAT_MS,
  );
  try {
    const run = await findRun(db, job.orgId, job.runId);
    const version = run && (await findVersion(db, job.orgId, run.version));
    deps.log.debug({ runId: job.runId, version: run?.version }, 'mapping publish started');
    if (!version) throw new Error('The mapping version was deleted.');
    const counts = await deps.orgLock.run(job.orgId, async () => {
      const resolved = await resolveMapping(db, warehouse, job.orgId, version.mapping);
      return loadCanonicalSelects(
        warehouse,
        job.orgId,
        (targets) => publishStatements(warehouse, job.orgId, resolved, targets),
        Date.now(),
        resolved.custom,
      );
    });
    const rows = counts.accounts + counts.users + counts.events;
    await seedMappedSegments(db, job.orgId);
    await finishRun(db, job.runId, { status: 'succeeded', rowsRead: rows, rowsWritten: rows });
    await publishWarehouseLoaded(deps.jobs, {
      orgId: job.orgId,
      loadedAt: new Date().toISOString(),
      reason: 'publish',
    });
  } catch (error) {
    const message = failureMessage(error);
    deps.log.warn({ runId: job.runId, error: message }, 'mapping publish failed');
    await finishRun(db, job.runId, { status: 'failed', error: message });
  } finally {
    clearInterval(heartbeat);
  }
}

/** Validation failures name their paths; anything else says what the engine said. */
function failureMessage(error: unknown): string {
  if (isHttpError(error) && error.errors?.length)
    return `${error.message}: ${error.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`;
  return error instanceof Error ? error.message : String(error);
}
