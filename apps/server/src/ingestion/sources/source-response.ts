import { SECRET_FIELDS, type Run, type Source, type Sync } from '@revlane/contracts';
import type { SyncRecord } from '../syncs/syncs.repository.js';
import type { SourceRecord } from './sources.repository.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

interface RunRow {
  id: string;
  status: Run['status'];
  rowsRead: number;
  rowsWritten: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  createdAt: Date;
}

/** The fields every load run answers (syncs, mapping publishes). */
export function toRun(row: RunRow): Run {
  return {
    id: row.id,
    status: row.status,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSync(row: SyncRecord): Sync {
  return {
    ...toRun(row),
    sourceId: row.sourceId,
    tables: row.tables,
    warnings: row.tables.flatMap((table) =>
      (table.warnings ?? []).map((warning) => ({ table: table.name, ...warning })),
    ),
  };
}

/** The rows of the source's landed tables, as their last loads counted them. */
function rowsInWarehouse(row: SourceRecord): number | null {
  const counts = Object.values(row.landed).flatMap((state) =>
    state.rows === undefined ? [] : [state.rows],
  );
  return counts.length === 0 ? null : counts.reduce((sum, rows) => sum + rows, 0);
}

/**
 * A source as the API answers it: the visible config only, and the names of the secrets
 * that are set, never their values.
 */
export function toSource(row: SourceRecord, secretsSet: string[], lastSync?: SyncRecord): Source {
  const secretNames = new Set(SECRET_FIELDS[row.type]);
  const config = Object.fromEntries(
    Object.entries(row.config).filter(([key]) => !secretNames.has(key)),
  );
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    config,
    secretsSet,
    selectedTables: row.selectedTables,
    schedule: row.schedule,
    lastSync: lastSync ? toSync(lastSync) : null,
    rowsInWarehouse: rowsInWarehouse(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
