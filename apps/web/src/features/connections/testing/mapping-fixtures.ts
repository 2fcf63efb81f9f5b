import type {
  DiscoveredTable,
  Mapping,
  MappingBody,
  MappingPreview,
  MappingRun,
  TablePreview,
} from '@revlane/contracts';
import { makeSource, makeSync } from './source-fixtures';

const AT = '2026-11-20T09:30:00.000Z';

export const accountsSource = makeSource({
  id: 'src-a',
  type: 'csv',
  name: 'accounts.csv',
  config: { fileName: 'accounts.csv' },
  secretsSet: [],
  lastSync: makeSync({ sourceId: 'src-a' }),
});
export const usersSource = makeSource({
  id: 'src-u',
  type: 'csv',
  name: 'users.csv',
  config: { fileName: 'users.csv' },
  secretsSet: [],
  lastSync: makeSync({ sourceId: 'src-u' }),
});

export const accountsTables: DiscoveredTable[] = [
  {
    name: 'accounts.csv',
    columns: [
      { name: 'account_id', type: 'VARCHAR' },
      { name: 'company', type: 'VARCHAR' },
      { name: 'website', type: 'VARCHAR' },
      { name: 'plan', type: 'VARCHAR' },
      { name: 'seats', type: 'BIGINT' },
    ],
    rowEstimate: 2000,
  },
];
export const accountsRows: TablePreview = {
  columns: accountsTables[0]!.columns,
  rows: [
    { account_id: 'a1', company: 'Acme', website: 'acme.com', plan: 'pro', seats: 10 },
    { account_id: 'a2', company: 'Globex', website: 'globex.io', plan: 'starter', seats: 5 },
  ],
};
export const usersTables: DiscoveredTable[] = [
  {
    name: 'users.csv',
    columns: [
      { name: 'user_id', type: 'VARCHAR' },
      { name: 'email', type: 'VARCHAR' },
      { name: 'role', type: 'VARCHAR' },
    ],
    rowEstimate: 2000,
  },
];
export const usersRows: TablePreview = {
  columns: usersTables[0]!.columns,
  rows: [{ user_id: 'u1', email: 'ann@acme.com', role: 'admin' }],
};

/** A CRM export: its table shares some of accounts.csv's column names, not all. */
export const crmSource = makeSource({
  id: 'src-c',
  type: 'csv',
  name: 'crm.csv',
  config: { fileName: 'crm.csv' },
  secretsSet: [],
  lastSync: makeSync({ sourceId: 'src-c' }),
});
export const crmTables: DiscoveredTable[] = [
  {
    name: 'crm.csv',
    columns: [
      { name: 'account_id', type: 'VARCHAR' },
      { name: 'company', type: 'VARCHAR' },
      { name: 'domain', type: 'VARCHAR' },
      { name: 'seats', type: 'BIGINT' },
    ],
    rowEstimate: 400,
  },
];
export const crmRows: TablePreview = {
  columns: crmTables[0]!.columns,
  rows: [{ account_id: 'a1', company: 'Acme', domain: 'acme.com', seats: 10 }],
};

/** What the editor sends after the picks the tests make. */
export const pickedMapping: MappingBody = {
  accounts: {
    sourceId: 'src-a',
    table: 'accounts.csv',
    columns: { id: 'account_id', domain: 'website' },
    attributes: ['plan'],
  },
  users: {
    sourceId: 'src-u',
    table: 'users.csv',
    columns: { id: 'user_id', email: 'email' },
    attributes: [],
  },
};

export const emptyMapping: Mapping = {
  draft: null,
  draftUpdatedAt: null,
  published: null,
  latestRun: null,
};

export const mappingPreview: MappingPreview = {
  accounts: { rows: [], total: 400, duplicateIds: 2, joins: [] },
  users: {
    rows: [],
    total: 2000,
    duplicateIds: 0,
    matchedToAccount: 1874,
    matchedPercent: 93.7,
    matchedBy: 'email_domain',
    unmatchedSample: [],
    joins: [],
  },
  events: null,
};

export function makeMappingRun(overrides: Partial<MappingRun> = {}): MappingRun {
  return {
    id: 'run-1',
    version: 1,
    status: 'queued',
    rowsRead: 0,
    rowsWritten: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
    createdAt: AT,
    ...overrides,
  };
}
