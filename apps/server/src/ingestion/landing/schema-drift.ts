import type { SyncTableReport } from '@revlane/contracts';
import type { ExtractedColumn } from '../../integrations/index.js';

type Drift = Pick<SyncTableReport, 'addedColumns' | 'droppedColumns' | 'changedColumns'>;

/**
 * How a table's columns changed since its last load, by source column name: new columns
 * land, dropped ones are reported (the new load no longer has them), a changed type is
 * reported and lands as the new type. Nothing here fails a sync.
 */
export function schemaDrift(
  previous: readonly { name: string; type: string }[] | undefined,
  current: readonly ExtractedColumn[],
): Drift {
  if (!previous) return { addedColumns: [], droppedColumns: [], changedColumns: [] };
  const before = new Map(previous.map((column) => [column.name, column.type]));
  const after = new Map(current.map((column) => [column.name, column.sourceType]));
  return {
    addedColumns: current.filter((column) => !before.has(column.name)).map((c) => c.name),
    droppedColumns: previous.filter((column) => !after.has(column.name)).map((c) => c.name),
    changedColumns: current
      .filter((column) => before.has(column.name) && before.get(column.name) !== column.sourceType)
      .map((column) => ({
        name: column.name,
        from: before.get(column.name)!,
        to: column.sourceType,
      })),
  };
}

export const hasDrift = (drift: Drift) =>
  drift.addedColumns.length + drift.droppedColumns.length + drift.changedColumns.length > 0;
