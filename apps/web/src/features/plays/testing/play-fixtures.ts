import type { Play, PlayRun, PlayRunDetail } from '@revlane/contracts';

export const PLAY_ID = 'p1b2c3d4-0000-4000-8000-000000000001';
export const RUN_ID = 'r1b2c3d4-0000-4000-8000-000000000001';
export const MAIN = '/api/v1';
/** The id of "Big Pro accounts", as the cohorts' fixtures have it. */
export const COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e01';

export const run = (overrides: Partial<PlayRun> = {}): PlayRun => ({
  id: RUN_ID,
  trigger: 'cohort_entered',
  startedAt: '2026-03-04T09:15:00.000Z',
  finishedAt: '2026-03-04T09:15:05.000Z',
  status: 'partial',
  counts: { records: 2, succeeded: 3, failed: 1, pending: 0 },
  ...overrides,
});

/** A Slack + webhook play on the "Big Pro accounts" cohort of segment seg-1. */
export function play(overrides: Partial<Play> = {}): Play {
  return {
    id: PLAY_ID,
    name: 'Slack + webhook',
    status: 'active',
    trigger: { type: 'cohort_entered', cohortId: COHORT_ID },
    cohortName: 'Big Pro accounts',
    segmentId: 'seg-1',
    actions: [
      { id: 'slack-1', type: 'slack_message', channel: 'CSBX00003', text: 'New: {{account.name}}' },
      {
        id: 'hook-1',
        type: 'webhook',
        url: 'https://hooks.example/in',
        fields: { who: '{{account.name}}' },
      },
    ],
    includeExisting: false,
    reentry: 'once',
    lastRun: run(),
    warnings: [],
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const playPage = (items: Play[]) => ({ items, total: items.length, page: 1, perPage: 500 });

export const runDetail: PlayRunDetail = {
  ...run(),
  items: [
    {
      recordId: 'acc-7',
      actionId: 'slack-1',
      actionType: 'slack_message',
      status: 'succeeded',
      attempts: 1,
      externalId: '1700000000.000100',
      error: null,
      nextAttemptAt: null,
    },
    {
      recordId: 'acc-7',
      actionId: 'hook-1',
      actionType: 'webhook',
      status: 'failed',
      attempts: 4,
      externalId: null,
      error: 'HTTP 410 Gone',
      nextAttemptAt: null,
    },
  ],
};
