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
  return { ...toRun(row), sourceId: row.sourceId, tables: row.tables };
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
