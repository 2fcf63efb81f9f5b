import type { BaseTable } from '@revlane/contracts';
import type { DestinationOperation } from '../../../../integrations/index.js';
import {
  computeActivationChangeSet,
  type ActivationChangeRow,
  type OrgCatalogue,
  type Warehouse,
} from '../../../../warehouse/index.js';
import type { ActivationRow, NewRunRecord } from './runs.repository.js';

export interface RunPlan {
  records: NewRunRecord[];
  batches: number;
  unchanged: number;
  /** Members left out, said on the run (no key, a key twice). */
  notes: string[];
}

/** Why a plan cannot be made: the cohort or a mapped column is gone. */
export class PlanError extends Error {}

/**
 * What a change asks of the destination (ADR 0033): `update` mode never creates; `upsert` and
 * `mirror` do; a record that left a mirrored cohort is cleared (an update of nulls), deleted,
 * or only forgotten (`onLeave: nothing`: no call; a Google Sheet's row is removed all the same,
 * so the tab equals the cohort).
 */
export function operationOf(
  activation: Pick<ActivationRow, 'mode' | 'onLeave' | 'provider'>,
  change: ActivationChangeRow['change'],
): DestinationOperation | null {
  if (change !== 'removed') return activation.mode === 'update' ? 'update' : 'upsert';
  if (activation.onLeave === 'delete') return 'delete';
  // A mirrored sheet tab equals the cohort: a row that left goes, unless it is to be cleared.
  if (activation.provider === 'google_sheets' && activation.onLeave === 'nothing') return 'delete';
  if (activation.onLeave === 'clear') return 'update';
  return null;
}

/**
 * The run's change set, computed in the warehouse against the activation's state (members
 * joined with what was last sent, by hash), cut into the destination's batches: records of
 * one operation per batch, `batchSize` at most. A removal with nothing to send is answered
 * at once (it only leaves the state).
 */
export async function planRun(
  deps: { warehouse: Warehouse; catalogue: OrgCatalogue; batchSize: (records: number) => number },
  activation: ActivationRow,
  table: BaseTable,
  options: { retryFailed: boolean; dryRun: boolean },
): Promise<RunPlan> {
  const column = (name: string) => {
    const found = deps.catalogue.find(table, name);
    if (!found) throw new PlanError(`The column ${name} is no longer on ${table}.`);
    return found;
  };
  const changeSet = await computeActivationChangeSet(deps.warehouse, activation.orgId, {
    activationId: activation.id,
    cohortId: activation.cohortId!,
    table,
    key: column(activation.matchColumn),
    fields: activation.fields.map((mapped) => ({
      field: mapped.field,
      column: column(mapped.column),
    })),
    includeLeft: activation.mode === 'mirror',
    onlyFailed: options.retryFailed,
  });
  const groups = new Map<DestinationOperation | 'none', ActivationChangeRow[]>();
  for (const row of changeSet.rows) {
    const operation = operationOf(activation, row.change) ?? 'none';
    const group = groups.get(operation);
    if (group) group.push(row);
    else groups.set(operation, [row]);
  }
  const size = Math.max(1, Math.min(deps.batchSize(changeSet.rows.length), 1_000_000));
  const records: NewRunRecord[] = [];
  let batch = 0;
  const nulls = Object.fromEntries(activation.fields.map((mapped) => [mapped.field, null]));
  for (const operation of ['delete', 'update', 'upsert', 'none'] as const) {
    const rows = groups.get(operation) ?? [];
    for (let start = 0; start < rows.length; start += size) {
      for (const row of rows.slice(start, start + size))
        records.push({
          key: row.key,
          change: row.change,
          operation: operation === 'none' ? 'delete' : operation,
          batch: operation === 'none' ? -1 : batch,
          outcome: options.dryRun ? 'planned' : operation === 'none' ? 'succeeded' : 'pending',
          hash: row.hash,
          values: row.change === 'removed' ? (operation === 'update' ? nulls : {}) : row.values,
          before: row.before,
          destinationId: row.destinationId,
          answer:
            operation === 'none' && !options.dryRun
              ? 'Left the cohort: nothing sent (on leave: do nothing).'
              : null,
        });
      if (operation !== 'none') batch += 1;
    }
  }
  const notes: string[] = [];
  if (changeSet.skippedWithoutKey > 0)
    notes.push(
      `${changeSet.skippedWithoutKey} members have no ${activation.matchColumn} and were not sent.`,
    );
  if (changeSet.duplicateKeys > 0)
    notes.push(
      `${changeSet.duplicateKeys} members share a ${activation.matchColumn} with another; one of each was sent.`,
    );
  return {
    records,
    batches: options.dryRun ? 0 : batch,
    unchanged: changeSet.unchanged,
    notes,
  };
}
