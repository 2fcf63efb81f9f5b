import type {
  SegmentColumn,
  SegmentDataPage,
  SegmentDetail,
  SegmentGroupsPage,
} from '@revlane/contracts';

/** One column of every data type, as the catalogue of a base table lists them. */
export const accountColumns: SegmentColumn[] = [
  { name: 'name', label: 'Name', dataType: 'string', description: '', computed: false },
  {
    name: 'owner_email',
    label: 'Owner email',
    dataType: 'email',
    description: '',
    computed: false,
  },
  { name: 'mrr', label: 'MRR', dataType: 'numeric', description: '', computed: false },
  { name: 'created_at', label: 'Created', dataType: 'timestamp', description: '', computed: false },
  {
    name: 'is_paying',
    label: 'Paying',
    dataType: 'boolean',
    options: ['true', 'false'],
    description: '',
    computed: false,
  },
  {
    name: 'plan',
    label: 'Plan',
    dataType: 'enum',
    options: ['Free', 'Pro', 'Enterprise'],
    description: '',
    computed: false,
  },
  {
    name: 'activity_30d',
    label: 'Activity',
    dataType: 'timeseries',
    description: '',
    computed: true,
  },
  { name: 'website', label: 'Website', dataType: 'link', description: '', computed: false },
  {
    name: 'external_id',
    label: 'External id',
    dataType: 'default',
    description: '',
    computed: false,
  },
  {
    name: 'events_30d',
    label: 'Events (30 days)',
    dataType: 'numeric',
    description: '',
    computed: true,
  },
];

export const segmentDetail: SegmentDetail = {
  id: 'seg-1',
  name: 'Active accounts',
  description: 'Accounts with activity in the last 30 days',
  baseTable: 'accounts',
  disabled: false,
  filters: [],
  columns: [
    'name',
    'owner_email',
    'mrr',
    'created_at',
    'is_paying',
    'plan',
    'activity_30d',
    'website',
    'external_id',
  ],
  grouping: { pivot: null, pivotIdentifier: null },
  sorting: [],
  status: 'ready',
  updatedAt: '2026-03-04T09:15:00.000Z',
};

export const accountRow = {
  id: 'acc-1',
  name: 'Globex',
  owner_email: 'hank@globex.test',
  mrr: 1234567,
  created_at: '2026-03-04T09:15:00.000Z',
  is_paying: true,
  plan: 'Pro',
  activity_30d: [1, 4, 2, 8],
  website: 'https://globex.test',
  external_id: 'X-17',
};

export function dataPage(overrides: Partial<SegmentDataPage> = {}): SegmentDataPage {
  return {
    rows: [accountRow, { ...accountRow, id: 'acc-2', name: 'Initech', is_paying: false }],
    total: 12345,
    page: 1,
    perPage: 50,
    columns: accountColumns.filter((column) => segmentDetail.columns.includes(column.name)),
    ...overrides,
  };
}

export const groupsPage: SegmentGroupsPage = {
  groups: [
    { pivot: 'Pro', count: 1200, values: { mrr: 250000 } },
    { pivot: 'Free', count: 8000, values: { mrr: 0 } },
  ],
  aggregates: [{ column: 'mrr', aggregate: 'sum', header: 'Sum of MRR' }],
  total: 2,
  page: 1,
  perPage: 50,
  pivot: 'plan',
  pivotIdentifier: null,
  columns: accountColumns,
};
