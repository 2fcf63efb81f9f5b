import { SECRET_FIELDS, type Source, type Sync } from '@revlane/contracts';
import type { SyncRecord } from '../syncs/syncs.repository.js';
import type { SourceRecord } from './sources.repository.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toSync(row: SyncRecord): Sync {
  return {
    id: row.id,
    sourceId: row.sourceId,
    status: row.status,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error,
    tables: row.tables,
    createdAt: row.createdAt.toISOString(),
  };
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
