import {
  BOOLEAN_OPTIONS,
  COUNTRIES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  PLANS,
} from '../model/enum-options.js';
import { ACCOUNT_METRICS } from '../metrics/metric-definitions.js';
import { mergedColumnDefinitions } from './merged-columns.js';
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
  mrr: {
    label: 'MRR',
    dataType: 'numeric',
    currency: 'USD',
    description: 'Monthly recurring revenue in USD.',
  },
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
  ...mergedColumnDefinitions('account'),
});

const COMPUTED = computedColumns('account_metrics', ACCOUNT_METRICS);

/** The catalogue of the `accounts` base table. */
export const ACCOUNT_COLUMNS: readonly CatalogueColumn[] = [...STORED, ...COMPUTED];

/**
 * An account column as a column of its users, under an `account_` prefix (`account_plan`,
 * `account_mrr`, …): an underscore rather than a dot keeps names plain identifiers in URLs
 * and sort tokens.
 */
export function accountColumnOfUsers(column: CatalogueColumn): CatalogueColumn {
  return {
    ...column,
    name: `account_${column.name}`,
    label: `Account: ${column.label}`,
    description: `The user’s account. ${column.description}`,
  };
}
