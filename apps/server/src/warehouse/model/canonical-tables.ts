import type { TableSchema } from '../engine/table-schema.js';

/**
 * The canonical model of an organization (docs/architecture.md §5.1). Sources and the demo generator load
 * these; the metric builders derive the per-load metric tables from them.
 */
export const ACCOUNTS_TABLE = {
  name: 'accounts',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'domain', type: 'text' },
    { name: 'website', type: 'text' },
    { name: 'billing_email', type: 'text' },
    { name: 'plan', type: 'text' },
    { name: 'mrr', type: 'decimal' },
    { name: 'seats', type: 'integer' },
    { name: 'country', type: 'text' },
    { name: 'industry', type: 'text' },
    { name: 'lifecycle_stage', type: 'text' },
    { name: 'is_paying', type: 'boolean' },
    { name: 'created_at', type: 'timestamp' },
    { name: 'renewal_at', type: 'timestamp' },
    // The merged view (ADR 0032): the CRM owner, and which sides the record is known on.
    { name: 'owner_id', type: 'text' },
    { name: 'owner_name', type: 'text' },
    { name: 'owner_email', type: 'text' },
    { name: 'in_product', type: 'boolean' },
    { name: 'in_crm', type: 'boolean' },
  ],
} as const satisfies TableSchema;

export const USERS_TABLE = {
  name: 'users',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: 'text' },
    { name: 'account_id', type: 'text' },
    { name: 'email', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'title', type: 'text' },
    { name: 'role', type: 'text' },
    { name: 'email_verified', type: 'boolean' },
    { name: 'created_at', type: 'timestamp' },
    { name: 'last_login_at', type: 'timestamp' },
    // The merged view (ADR 0032): the CRM owner, and which sides the record is known on.
    { name: 'owner_id', type: 'text' },
    { name: 'owner_name', type: 'text' },
    { name: 'owner_email', type: 'text' },
    { name: 'in_product', type: 'boolean' },
    { name: 'in_crm', type: 'boolean' },
  ],
} as const satisfies TableSchema;

export const EVENTS_TABLE = {
  name: 'events',
  columns: [
    { name: 'user_id', type: 'text' },
    { name: 'account_id', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'occurred_at', type: 'timestamp' },
    { name: 'properties', type: 'json' },
  ],
} as const satisfies TableSchema;

export const CANONICAL_TABLES = [ACCOUNTS_TABLE, USERS_TABLE, EVENTS_TABLE] as const;
export type CanonicalTableName = (typeof CANONICAL_TABLES)[number]['name'];

/** Column names of a schema, in load order (the order of a batch's columns). */
export type ColumnNames<T extends TableSchema> = T['columns'][number]['name'];
