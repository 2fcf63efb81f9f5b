import type {
  Cohort,
  CohortChanges,
  CohortVersion,
  FavoriteCohort,
  TrendResponse,
} from '@revlane/contracts';

export const COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e01';
export const OTHER_COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e02';
export const STARRED_COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e03';

export function cohort(overrides: Partial<Cohort> = {}): Cohort {
  return {
    id: COHORT_ID,
    segmentId: 'seg-1',
    name: 'Big Pro accounts',
    filters: [
      { field: 'plan', operator: 'includes', value: ['Pro'] },
      { field: 'mrr', operator: 'gt', value: 1000 },
    ],
    favorite: false,
    members: 1204,
    snapshotAt: '2026-03-04T09:15:00.000Z',
    historyPending: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** In the server's order would be favorites first; this list is deliberately unsorted. */
export const unsortedCohorts: Cohort[] = [
  cohort(),
  cohort({ id: OTHER_COHORT_ID, name: 'Anyone paying', filters: [], members: 40 }),
  cohort({ id: STARRED_COHORT_ID, name: 'Zeta watchlist', favorite: true, members: null }),
];

export const versions: CohortVersion[] = [
  {
    version: 2,
    changedAt: '2026-03-01T10:00:00.000Z',
    changedBy: { id: 'user-42', name: 'Ada Lovelace', email: 'ada@acme.test' },
    previousName: 'Pro accounts',
    name: 'Big Pro accounts',
    previousFilters: [{ field: 'plan', operator: 'includes', value: ['Pro'] }],
    filters: cohort().filters,
  },
  {
    version: 1,
    changedAt: '2026-02-01T10:00:00.000Z',
    changedBy: null,
    previousName: null,
    name: 'Pro accounts',
    previousFilters: null,
    filters: [{ field: 'plan', operator: 'includes', value: ['Pro'] }],
  },
];

export const changes: CohortChanges = {
  since: '2026-02-25',
  page: 1,
  perPage: 50,
  entered: {
    total: 2,
    rows: [
      {
        changedAt: '2026-03-03T02:00:00.000Z',
        record: { id: 'acc-7', name: 'Umbrella', domain: 'umbrella.test' },
      },
      {
        changedAt: '2026-03-02T02:00:00.000Z',
        record: { id: 'acc-8', name: 'Hooli', domain: 'hooli.test' },
      },
    ],
  },
  left: {
    total: 140,
    rows: [
      {
        changedAt: '2026-03-01T02:00:00.000Z',
        record: { id: 'acc-9', name: 'Vandelay', domain: 'vandelay.test' },
      },
    ],
  },
};

/** Daily points from `from`, `count` days, growing by one a day. */
export function trendResponse(window: number | null, count = 3): TrendResponse {
  return {
    metric: 'members',
    interval: 'day',
    window,
    source: 'snapshots',
    points: Array.from({ length: count }, (_, index) => ({
      date: `2026-03-0${index + 2}`,
      value: (window ? 1100 : 1200) + index,
    })),
  };
}

export const favorites: FavoriteCohort[] = [
  {
    ...cohort({ favorite: true }),
    segmentName: 'Active accounts',
    sparkline: [1100, null, 1150, 1204],
  },
];

/** The cohort routes of the live-ops service with plain fixtures, for `stubApi`. */
export const COHORT_API_ROUTES = {
  'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
  [`GET /live-ops/api/v1/cohorts/${COHORT_ID}`]: cohort(),
  [`GET /live-ops/api/v1/cohorts/${COHORT_ID}/versions`]: versions,
  [`GET /live-ops/api/v1/cohorts/${COHORT_ID}/changes`]: changes,
  'POST /live-ops/api/v1/segments/seg-1/trend': trendResponse(null),
  'POST /live-ops/api/v1/segments/seg-1/rolling-avg': trendResponse(7),
  'GET /live-ops/api/v1/cohorts/favorites': favorites,
};
