import { USER_METRICS } from '../metrics/metric-definitions.js';
import { BOOLEAN_OPTIONS, USER_ROLES } from '../model/enum-options.js';
import { ACCOUNT_COLUMNS, accountColumnOfUsers } from './account-columns.js';
import { mergedColumnDefinitions } from './merged-columns.js';
import { computedColumns, storedColumns, type CatalogueColumn } from './catalogue-column.js';

const STORED = storedColumns('users', {
  id: { label: 'User ID', dataType: 'default', description: 'Identifier of the user.' },
  account_id: {
    label: 'Account ID',
    dataType: 'default',
    description: 'Identifier of the user’s account.',
  },
  email: { label: 'Email', dataType: 'email', description: 'Email address.' },
  name: { label: 'Name', dataType: 'string', description: 'Full name.' },
  title: { label: 'Job title', dataType: 'string', description: 'Job title, when known.' },
  role: {
    label: 'Role',
    dataType: 'enum',
    options: [...USER_ROLES],
    description: 'Role in the product.',
  },
  email_verified: {
    label: 'Email verified',
    dataType: 'boolean',
    options: [...BOOLEAN_OPTIONS],
    description: 'Whether the user confirmed the email address.',
  },
  created_at: {
    label: 'Signed up',
    dataType: 'timestamp',
    description: 'When the user signed up.',
  },
  last_login_at: {
    label: 'Last login',
    dataType: 'timestamp',
    description: 'Most recent sign-in (blank when never).',
  },
  ...mergedColumnDefinitions('user'),
});

const COMPUTED = computedColumns('user_metrics', USER_METRICS);

/**
 * The user's account, joined in (account-columns.ts). The account id is the user's own
 * `account_id`, and the sparkline stays on accounts.
 */
const ACCOUNT = ACCOUNT_COLUMNS.filter(
  (column) => column.name !== 'id' && column.dataType !== 'timeseries',
).map(accountColumnOfUsers);

/** The catalogue of the `users` base table. */
export const USER_COLUMNS: readonly CatalogueColumn[] = [...STORED, ...COMPUTED, ...ACCOUNT];
