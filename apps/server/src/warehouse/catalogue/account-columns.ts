import {
  BOOLEAN_OPTIONS,
  COUNTRIES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  PLANS,
} from '../model/enum-options.js';
import { computedColumns, storedColumns, type CatalogueColumn } from './catalogue-column.js';

const STORED = storedColumns('accounts', {
  id: { label: 'Account ID', dataType: 'default', description: 'Identifier of the account.' },
  name: { label: 'Name', dataType: 'string', description: 'Company name.' },
  domain: { label: 'Domain', dataType: 'string', description: 'Email domain of the company.' },
  website: { label: 'Website', dataType: 'link', description: 'Company website.' },
  billing_email: {
    label: 'Billing email',
    dataType: 'email',
    description: 'Where invoices are sent.',
  },
  plan: { label: 'Plan', dataType: 'enum', options: [...PLANS], description: 'Current plan.' },
  mrr: { label: 'MRR', dataType: 'numeric', description: 'Monthly recurring revenue in USD.' },
  seats: { label: 'Seats', dataType: 'numeric', description: 'Seats the plan includes.' },
  country: {
    label: 'Country',
    dataType: 'enum',
    options: [...COUNTRIES],
    description: 'Country of the billing address (ISO code).',
  },
  industry: {
    label: 'Industry',
    dataType: 'enum',
    options: [...INDUSTRIES],
    description: 'Industry of the company.',
  },
  lifecycle_stage: {
    label: 'Lifecycle stage',
    dataType: 'enum',
    options: [...LIFECYCLE_STAGES],
    description: 'Where the account stands in the customer lifecycle.',
  },
  is_paying: {
    label: 'Paying',
    dataType: 'boolean',
    options: [...BOOLEAN_OPTIONS],
    description: 'Whether the account pays for a plan.',
  },
  created_at: {
    label: 'Created',
    dataType: 'timestamp',
    description: 'When the account signed up.',
  },
  renewal_at: {
    label: 'Renewal',
    dataType: 'timestamp',
    description: 'Next contract renewal (blank on the free plan).',
  },
});

const COMPUTED = computedColumns('account_metrics', {
  active_users_1d: {
    label: 'Active users (1d)',
    dataType: 'numeric',
    description: 'Users with at least one event today (UTC).',
  },
  active_users_7d: {
    label: 'Active users (7d)',
    dataType: 'numeric',
    description: 'Users with at least one event in the last 7 days.',
  },
  active_users_30d: {
    label: 'Active users (30d)',
    dataType: 'numeric',
    description: 'Users with at least one event in the last 30 days.',
  },
  events_7d: {
    label: 'Events (7d)',
    dataType: 'numeric',
    description: 'Events in the last 7 days.',
  },
  events_30d: {
    label: 'Events (30d)',
    dataType: 'numeric',
    description: 'Events in the last 30 days.',
  },
  last_seen_at: {
    label: 'Last seen',
    dataType: 'timestamp',
    description: "The account's most recent event.",
  },
  seats_used: { label: 'Seats used', dataType: 'numeric', description: 'Users on the account.' },
  activity_30d: {
    label: 'Activity (30d)',
    dataType: 'timeseries',
    description: 'Events per day over the last 30 days.',
  },
});

/** The catalogue of the `accounts` base table. */
export const ACCOUNT_COLUMNS: readonly CatalogueColumn[] = [...STORED, ...COMPUTED];
