import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ColumnBatch } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { loadCanonicalData } from '../loading/load-canonical-data.js';
import type { CanonicalTableName } from '../model/canonical-tables.js';
import { accountBatches, eventBatches, userBatches } from './demo-batches.js';
import type { DemoShape } from './demo-shape.js';

/** Ready in a few seconds on two cores: what `npm start` loads on first start. */
export const DEFAULT_DEMO_SIZE = { accounts: 2_000, users: 20_000, events: 400_000 } as const;
export const DEFAULT_DEMO_SEED = 2022;

export interface DemoProgress {
  table: CanonicalTableName | 'metrics';
  rows: number;
  total: number;
}

export interface DemoDataOptions {
  accounts?: number;
  users?: number;
  events?: number;
  seed?: number;
  /** End of the generated 180 days and the metrics' as-of moment (default: now). */
  now?: number;
  onProgress?: (progress: DemoProgress) => void;
}

/**
 * Counts rows for progress and lets the event loop breathe between batches, so a server
 * loading demo data keeps answering its health checks.
 */
async function* tracked(
  table: CanonicalTableName,
  total: number,
  batches: Iterable<ColumnBatch>,
  onProgress: DemoDataOptions['onProgress'],
): AsyncGenerator<ColumnBatch> {
  let rows = 0;
  for (const batch of batches) {
    yield batch;
    rows += batch.rowCount;
    onProgress?.({ table, rows, total });
    await yieldToEventLoop();
  }
}

/**
 * Generates the deterministic demo SaaS (docs/architecture.md §5.1 model) in streaming batches and loads it
 * with the warehouse's bulk path, then builds the metric tables and swaps everything in.
 */
export async function loadDemoData(
  warehouse: Warehouse,
  orgId: string,
  options: DemoDataOptions = {},
) {
  const shape: DemoShape = {
    accounts: options.accounts ?? DEFAULT_DEMO_SIZE.accounts,
    users: options.users ?? DEFAULT_DEMO_SIZE.users,
    events: options.events ?? DEFAULT_DEMO_SIZE.events,
    seed: options.seed ?? DEFAULT_DEMO_SEED,
    now: options.now ?? Date.now(),
  };
  const { onProgress } = options;
  const started = performance.now();
  const counts = await loadCanonicalData(
    warehouse,
    orgId,
    {
      accounts: tracked('accounts', shape.accounts, accountBatches(shape), onProgress),
      users: tracked('users', shape.users, userBatches(shape), onProgress),
      events: tracked('events', shape.events, eventBatches(shape), onProgress),
    },
    {
      asOf: shape.now,
      onTableLoaded: (table) => {
        if (table === 'events') onProgress?.({ table: 'metrics', rows: 0, total: 1 });
      },
    },
  );
  onProgress?.({ table: 'metrics', rows: 1, total: 1 });
  return { ...counts, shape, durationMs: Math.round(performance.now() - started) };
}
