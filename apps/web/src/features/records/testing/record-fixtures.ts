import type {
  RecordActivity,
  RecordColumn,
  RecordDetail,
  RecordEvent,
  RecordEventsPage,
  SegmentRow,
} from '@revlane/contracts';

export const LIVE_OPS = '/live-ops/api/v1';
export const ACCOUNT_ID = 'acc-1';
export const USER_ID = 'u-2';

/** A column of each group, with the types whose formatting the segment table owns. */
export const recordColumns: RecordColumn[] = [
  {
    name: 'name',
    label: 'Name',
    dataType: 'string',
    description: '',
    computed: false,
    group: 'product',
  },
  {
    name: 'plan',
    label: 'Plan',
    dataType: 'enum',
    options: ['free', 'pro'],
    optionLabels: { free: 'Free', pro: 'Pro plan' },
    description: '',
    computed: false,
    group: 'product',
  },
  {
    name: 'events_30d',
    label: 'Events (30 days)',
    dataType: 'numeric',
    description: '',
    computed: true,
    group: 'product',
  },
  {
    name: 'mrr',
    label: 'MRR',
    dataType: 'numeric',
    currency: 'USD',
    description: '',
    computed: false,
    group: 'crm',
  },
  {
    name: 'owner_email',
    label: 'Owner email',
    dataType: 'email',
    description: '',
    computed: false,
    group: 'crm',
  },
  {
    name: 'in_crm',
    label: 'In the CRM',
    dataType: 'boolean',
    options: ['true', 'false'],
    description: '',
    computed: false,
    group: 'crm',
  },
  {
    name: 'meta_tier',
    label: 'meta.tier',
    dataType: 'string',
    description: '',
    computed: false,
    group: 'custom',
  },
];

export const accountRecord: SegmentRow = {
  id: ACCOUNT_ID,
  name: 'Globex',
  domain: 'globex.test',
  owner_name: 'Hank Scorpio',
  owner_email: 'hank@globex.test',
  plan: 'pro',
  events_30d: 12345,
  mrr: 1234567.5,
  in_crm: true,
  meta_tier: 'gold',
};

/** Most recently seen first, as the server lists them. */
export const accountUsers: SegmentRow[] = [
  {
    id: 'u-1',
    name: 'Zed Zero',
    email: 'zed@globex.test',
    title: 'CTO',
    last_seen_at: '2026-03-04T09:15:00.000Z',
    events_30d: 40,
    active_days_30d: 12,
  },
  {
    id: USER_ID,
    name: 'Ada Lovelace',
    email: 'ada@globex.test',
    title: 'Engineer',
    last_seen_at: '2026-03-02T09:15:00.000Z',
    events_30d: 1500,
    active_days_30d: 20,
  },
  {
    id: 'u-3',
    name: 'mia Moss',
    email: 'mia@globex.test',
    title: null,
    last_seen_at: '2026-02-20T09:15:00.000Z',
    events_30d: 3,
    active_days_30d: 1,
  },
];

export function accountDetail(overrides: Partial<RecordDetail> = {}): RecordDetail {
  return {
    kind: 'accounts',
    record: accountRecord,
    columns: recordColumns,
    users: accountUsers,
    usersTotal: accountUsers.length,
    memberships: [
      {
        cohortId: 'c-1',
        cohortName: 'Big Pro accounts',
        segmentId: 'seg-1',
        enteredAt: '2026-02-10T06:00:00.000Z',
        leftAt: null,
      },
      {
        cohortId: 'c-2',
        cohortName: 'Trial accounts',
        segmentId: 'seg-1',
        enteredAt: '2026-01-05T06:00:00.000Z',
        leftAt: '2026-03-01T06:00:00.000Z',
      },
    ],
    firings: [
      {
        notificationId: 'n-1',
        notificationName: 'New Pro accounts',
        firingId: 'f-1',
        firedAt: '2026-02-10T06:05:00.000Z',
      },
    ],
    playItems: [
      {
        playId: 'p-1',
        playName: 'Welcome to Pro',
        runId: 'r-1',
        actionType: 'webhook',
        status: 'failed',
        error: 'HTTP 410 Gone',
        at: '2026-02-10T06:10:00.000Z',
      },
    ],
    ...overrides,
  };
}

export const userRecord: SegmentRow = {
  id: USER_ID,
  account_id: ACCOUNT_ID,
  name: 'Ada Lovelace',
  email: 'ada@globex.test',
  events_30d: 1500,
};

export function userDetail(overrides: Partial<RecordDetail> = {}): RecordDetail {
  return {
    kind: 'users',
    record: userRecord,
    columns: recordColumns.filter(
      (column) => column.name === 'name' || column.name === 'events_30d',
    ),
    account: accountRecord,
    memberships: [],
    firings: [],
    playItems: [],
    ...overrides,
  };
}

export const event = (userId: string | null, name: string, occurredAt: string): RecordEvent => ({
  userId,
  accountId: ACCOUNT_ID,
  name,
  occurredAt,
  properties: null,
});

export const eventsPage = (
  events: RecordEvent[],
  page: number,
  hasMore: boolean,
): RecordEventsPage => ({ events, page, perPage: 50, hasMore });

/** `days` UTC days ending 2026-03-04, zeros but for the counts given by day. */
export function activity(counts: Record<string, number> = {}, days = 180): RecordActivity {
  const last = Date.UTC(2026, 2, 4);
  return {
    days: Array.from({ length: days }, (_, index) => {
      const day = new Date(last - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
      return { day, events: counts[day] ?? 0 };
    }),
  };
}
