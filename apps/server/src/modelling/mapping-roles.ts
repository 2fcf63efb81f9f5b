import type { LogicalType } from '../warehouse/index.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from '../warehouse/index.js';

/** Every role column a mapping names, across the three entities. */
export type Role = 'id' | 'name' | 'domain' | 'email' | 'accountId' | 'userId' | 'occurredAt';

const IDS: LogicalType[] = ['text', 'bigint', 'integer'];

/**
 * The types a role column may have. Ids are text or whole numbers (both become the same
 * text on either engine; a floating-point id would not), names text, the moment a timestamp.
 */
export const ROLE_TYPES: Record<Role, readonly LogicalType[]> = {
  id: IDS,
  accountId: IDS,
  userId: IDS,
  name: ['text'],
  domain: ['text'],
  email: ['text'],
  occurredAt: ['timestamp'],
};

/** Canonical columns filled by role columns: never an attribute's target. */
const ROLE_TARGETS = new Set([
  'id',
  'account_id',
  'name',
  'domain',
  'email',
  // Set by the merge itself (ADR 0032), never by one attribute.
  'in_product',
  'in_crm',
]);

const targetsOf = (columns: readonly { name: string; type: LogicalType }[]) =>
  Object.fromEntries(
    columns.filter((column) => !ROLE_TARGETS.has(column.name)).map((c) => [c.name, c.type]),
  ) as Record<string, LogicalType>;

/**
 * The canonical columns an attribute can fill, by name (ADR 0019): an attribute named like
 * one (`plan`, `mrr`, `seats`, `role`, …) becomes that segment column.
 */
export const ATTRIBUTE_TARGETS: Record<'accounts' | 'users', Record<string, LogicalType>> = {
  accounts: targetsOf(ACCOUNTS_TABLE.columns),
  users: targetsOf(USERS_TABLE.columns),
};
