import type { LogicalType } from '../../warehouse/index.js';

/**
 * A landed column: its name, type, and the SOQL that reads it when that is not the name (a
 * relationship field such as `Owner.Name`, which Salesforce answers as a nested record).
 */
export type SalesforceField = [name: string, type: LogicalType, soql?: string];

const MODIFIED: SalesforceField = ['LastModifiedDate', 'timestamp'];
/** The owner's name beside the id, so a segment shows who owns a record, not a User id. */
const OWNER_NAME: SalesforceField = ['OwnerName', 'text', 'Owner.Name'];

/**
 * The sObjects a Salesforce connection lands, with the fields segments use: owner (name),
 * stage, ARR (`AnnualRevenue`), lifecycle (the account's `Type`), and the website the mapping
 * joins to product accounts by domain (docs/architecture.md §6, Connections).
 */
export const SALESFORCE_TABLES: Record<string, SalesforceField[]> = {
  Account: [
    ['Id', 'text'],
    ['Name', 'text'],
    ['Website', 'text'],
    ['Industry', 'text'],
    ['Type', 'text'],
    ['AnnualRevenue', 'double'],
    ['OwnerId', 'text'],
    OWNER_NAME,
    MODIFIED,
  ],
  Contact: [
    ['Id', 'text'],
    ['AccountId', 'text'],
    ['FirstName', 'text'],
    ['LastName', 'text'],
    ['Email', 'text'],
    ['OwnerId', 'text'],
    MODIFIED,
  ],
  Opportunity: [
    ['Id', 'text'],
    ['AccountId', 'text'],
    ['Name', 'text'],
    ['StageName', 'text'],
    ['Amount', 'double'],
    ['CloseDate', 'text'],
    ['OwnerId', 'text'],
    OWNER_NAME,
    MODIFIED,
  ],
  Lead: [
    ['Id', 'text'],
    ['FirstName', 'text'],
    ['LastName', 'text'],
    ['Email', 'text'],
    ['Company', 'text'],
    ['Status', 'text'],
    ['OwnerId', 'text'],
    OWNER_NAME,
    MODIFIED,
  ],
  User: [['Id', 'text'], ['Name', 'text'], ['Email', 'text'], MODIFIED],
};

/** The SELECT list of a table's fields. */
export const soqlSelectOf = (fields: SalesforceField[]) =>
  fields.map(([name, , soql]) => soql ?? name).join(', ');

/** A field's value in a query record, following a relationship path (`Owner.Name`). */
export function fieldOf(record: Record<string, unknown>, [name, , soql]: SalesforceField): unknown {
  let value: unknown = record;
  for (const step of (soql ?? name).split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[step];
  }
  return value ?? null;
}
