import type { BaseTable, ColumnGroup, RecordColumn } from '@revlane/contracts';
import type { OrgCatalogue } from '../../../warehouse/index.js';

/**
 * Built-in columns of the merged view that come from the CRM (ADR 0032): its owner and
 * whether the CRM knows the record. Named, not looked up: a catalogue without them simply
 * has no such column.
 */
const CRM_COLUMNS = new Set(['owner_id', 'owner_name', 'owner_email', 'in_crm']);

/** How a user's page shows its account's columns (`account_<name>`, catalogue/account-columns.ts). */
const ACCOUNT_PREFIX = 'account_';

/**
 * The record's catalogue columns in catalogue order, each with the part of the page it
 * belongs on (docs/product.md §2, record pages): CRM fields (the built-in owner columns and
 * custom attributes a CRM source gives), the other custom attributes (ADR 0026), and the
 * product's own columns. On a user, an account column is grouped as it is on the account.
 */
export function recordColumns(catalogue: OrgCatalogue, table: BaseTable): RecordColumn[] {
  const custom = (on: BaseTable) =>
    new Map(
      catalogue.custom
        .filter((column) => column.table === on)
        .map((column) => [column.name, column.crm === true]),
    );
  const own = custom(table);
  const ofAccount = table === 'users' ? custom('accounts') : new Map<string, boolean>();
  const groupOf = (name: string): ColumnGroup => {
    if (CRM_COLUMNS.has(name)) return 'crm';
    const isCrm = own.get(name);
    if (isCrm !== undefined) return isCrm ? 'crm' : 'custom';
    if (table === 'users' && name.startsWith(ACCOUNT_PREFIX)) {
      const accountName = name.slice(ACCOUNT_PREFIX.length);
      if (CRM_COLUMNS.has(accountName)) return 'crm';
      const accountIsCrm = ofAccount.get(accountName);
      if (accountIsCrm !== undefined) return accountIsCrm ? 'crm' : 'custom';
    }
    return 'product';
  };
  return catalogue.segmentColumns(table).map((column) => ({
    ...column,
    group: groupOf(column.name),
  }));
}
