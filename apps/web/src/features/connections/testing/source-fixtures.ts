import type {
  DiscoveredTable,
  Source,
  Sync,
  SyncTableReport,
  TablePreview,
} from '@revlane/contracts';

const AT = '2026-11-20T09:30:00.000Z';

export function makeSync(overrides: Partial<Sync> = {}): Sync {
  return {
    id: 'sync-1',
    sourceId: 'src-1',
    status: 'succeeded',
    rowsRead: 1200,
    rowsWritten: 1200,
    startedAt: AT,
    finishedAt: AT,
    error: null,
    tables: [],
    warnings: [],
    createdAt: AT,
    ...overrides,
  };
}

/** One table of a run's report: a full load of `public.orders` with no schema drift. */
export function makeSyncTable(overrides: Partial<SyncTableReport> = {}): SyncTableReport {
  return {
    name: 'public.orders',
    warehouseTable: 'src_public_orders',
    rows: 1200,
    incremental: false,
    addedColumns: [],
    droppedColumns: [],
    changedColumns: [],
    ...overrides,
  };
}

export function makeSource(overrides: Partial<Source> = {}): Source {
  return {
    id: 'src-1',
    type: 'postgres',
    name: 'Product DB',
    config: { host: 'db.acme.test', database: 'app', user: 'reader', tlsMode: 'prefer' },
    secretsSet: ['password'],
    selectedTables: [],
    schedule: 'manual',
    lastSync: makeSync(),
    rowsInWarehouse: 1200,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const discoveredTables: DiscoveredTable[] = [
  {
    name: 'public.accounts',
    columns: [
      { name: 'id', type: 'bigint' },
      { name: 'name', type: 'text' },
    ],
    rowEstimate: 300,
  },
  {
    name: 'public.events',
    columns: [
      { name: 'id', type: 'bigint' },
      { name: 'name', type: 'text' },
      { name: 'occurred_at', type: 'timestamptz' },
    ],
    rowEstimate: 700,
  },
];

export const accountsPreview: TablePreview = {
  columns: discoveredTables[0]!.columns,
  rows: [
    { id: 1, name: 'Initech' },
    { id: 2, name: 'Globex' },
  ],
};
