import type { Firing, Notification } from '@revlane/contracts';

export const ALERT_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const LIVE_OPS = '/live-ops/api/v1';

export function alert(overrides: Partial<Notification> = {}): Notification {
  return {
    id: ALERT_ID,
    name: 'New Pro accounts',
    segmentId: 'seg-1',
    segmentName: 'Active accounts',
    cohortId: 'c-1',
    cohortName: 'Big Pro accounts',
    type: 'new',
    threshold: null,
    channels: { inApp: true, slack: { channelId: 'CSBX00003' }, email: ['ops@acme.example'] },
    enabled: true,
    snoozedUntil: null,
    lastFiredAt: '2026-03-04T09:15:00.000Z',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    warnings: [],
    ...overrides,
  };
}

export const alertPage = (items: Notification[]) => ({
  items,
  total: items.length,
  page: 1,
  perPage: 500,
});

/** Two firings, newest first as the server answers: the newer one's Slack delivery failed. */
export const firings: Firing[] = [
  {
    id: 'f-2',
    firedAt: '2026-03-04T09:15:00.000Z',
    type: 'new',
    count: 2,
    previousCount: null,
    records: [
      { id: 'acc-7', name: 'Globex', domain: 'globex.example' },
      { id: 'acc-9', name: 'Initech', domain: null },
    ],
    deliveries: [
      {
        channel: 'inApp',
        target: 'u-1',
        status: 'sent',
        attempts: 0,
        sentAt: '2026-03-04T09:15:00.000Z',
        error: null,
        nextAttemptAt: null,
      },
      {
        channel: 'slack',
        target: 'CSBX00003',
        status: 'failed',
        attempts: 1,
        sentAt: null,
        error: 'channel_not_found',
        nextAttemptAt: null,
      },
    ],
  },
  {
    id: 'f-1',
    firedAt: '2026-03-01T09:15:00.000Z',
    type: 'new',
    count: 1,
    previousCount: null,
    records: [{ id: 'acc-1', name: 'Acme', domain: 'acme.example' }],
    deliveries: [
      {
        channel: 'slack',
        target: 'CSBX00003',
        status: 'sent',
        attempts: 1,
        sentAt: '2026-03-01T09:15:01.000Z',
        error: null,
        nextAttemptAt: null,
      },
    ],
  },
];
