import { defineAccountMetrics, defineUserMetrics } from './define-metrics.js';

/** Counted alike for a user (their events) and an account (all its events, with a user or not). */
const EVENT_COUNTS = [
  {
    name: 'events_7d',
    label: 'Events (7d)',
    description: 'Events in the last 7 days.',
    aggregate: 'event_count',
    windowDays: 7,
  },
  {
    name: 'events_30d',
    label: 'Events (30d)',
    description: 'Events in the last 30 days.',
    aggregate: 'event_count',
    windowDays: 30,
  },
] as const;

/**
 * Every computed column (docs/architecture.md §5.2), each written once: the catalogue, the
 * metric tables, the per-load SQL and the as-of series SQL are derived from these lists
 * (docs/decisions/0009-metric-definitions-as-data.md). A new metric is one entry; its
 * position is its place in the catalogue's default order.
 */
export const USER_METRICS = defineUserMetrics([
  {
    name: 'events_1d',
    label: 'Events (1d)',
    description: 'Events today (UTC).',
    aggregate: 'event_count',
    windowDays: 1,
    isHidden: true,
  },
  ...EVENT_COUNTS,
  {
    name: 'last_seen_at',
    label: 'Last seen',
    description: "The user's most recent event.",
    aggregate: 'last_seen',
  },
  {
    name: 'active_days_30d',
    label: 'Active days (30d)',
    description: 'Days with at least one event in the last 30 days.',
    aggregate: 'active_days',
    windowDays: 30,
  },
]);

export const ACCOUNT_METRICS = defineAccountMetrics(
  [
    {
      name: 'active_users_1d',
      label: 'Active users (1d)',
      description: 'Users with at least one event today (UTC).',
      aggregate: 'active_users',
      userMetric: 'events_1d',
    },
    {
      name: 'active_users_7d',
      label: 'Active users (7d)',
      description: 'Users with at least one event in the last 7 days.',
      aggregate: 'active_users',
      userMetric: 'events_7d',
    },
    {
      name: 'active_users_30d',
      label: 'Active users (30d)',
      description: 'Users with at least one event in the last 30 days.',
      aggregate: 'active_users',
      userMetric: 'events_30d',
    },
    ...EVENT_COUNTS,
    {
      name: 'sessions_30d',
      label: 'Sessions (30d)',
      description: 'Sessions started in the last 30 days: each sign-in (a login event) starts one.',
      aggregate: 'event_count',
      windowDays: 30,
      eventNames: ['login'],
    },
    {
      name: 'last_seen_at',
      label: 'Last seen',
      description: "The account's most recent event.",
      aggregate: 'last_seen',
    },
    {
      name: 'seats_used',
      label: 'Seats used',
      description: 'Users on the account.',
      aggregate: 'users',
    },
    {
      name: 'seat_usage',
      label: 'Seat usage (%)',
      description: 'Users on the account as a percentage of its seats (blank without seats).',
      aggregate: 'users_percent_of',
      ofColumn: 'seats',
    },
    {
      name: 'activity_30d',
      label: 'Activity (30d)',
      description: 'Events per day over the last 30 days.',
      aggregate: 'daily_events',
      windowDays: 30,
    },
  ],
  USER_METRICS,
);
