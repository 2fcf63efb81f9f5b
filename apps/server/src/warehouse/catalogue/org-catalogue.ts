import type { BaseTable, SegmentColumn } from '@revlane/contracts';
import type { TableSchema } from '../engine/table-schema.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from '../model/canonical-tables.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';
import { ACCOUNT_COLUMNS, accountColumnOfUsers } from './account-columns.js';
import { toSegmentColumn, type CatalogueColumn, type SourceTable } from './catalogue-column.js';
import { customCatalogueColumn, type CustomColumn } from './custom-columns.js';
import { USER_COLUMNS } from './user-columns.js';

/**
 * The column catalogue of ONE organization (docs/architecture.md §5.2, ADR 0026): the built-in
 * columns, then the custom attributes its published mapping recorded with its load. Every
 * consumer (the compiler, the wide segment and as-of tables, the columns route, exports)
 * takes the organization's catalogue, so a custom column is shown, filtered, sorted and
 * grouped like a built-in one, and never seen by another organization.
 */
export class OrgCatalogue {
  private readonly columnsByTable: Record<BaseTable, readonly CatalogueColumn[]>;
  private readonly byName: Record<BaseTable, ReadonlyMap<string, CatalogueColumn>>;

  constructor(readonly custom: readonly CustomColumn[] = []) {
    const own = (table: BaseTable) =>
      custom.filter((column) => column.table === table).map(customCatalogueColumn);
    const accounts = own('accounts');
    // A user's account columns include the account's custom attributes (`account_<name>`).
    const users = [...own('users'), ...accounts.map(accountColumnOfUsers)];
    this.columnsByTable = {
      accounts: [...ACCOUNT_COLUMNS, ...accounts],
      users: [...USER_COLUMNS, ...users],
    };
    this.byName = {
      accounts: new Map(this.columnsByTable.accounts.map((column) => [column.name, column])),
      users: new Map(this.columnsByTable.users.map((column) => [column.name, column])),
    };
  }

  /** Every column of a base table, in default display order (the compiler's entries). */
  columns(table: BaseTable): readonly CatalogueColumn[] {
    return this.columnsByTable[table];
  }

  /** What `GET segments/tables/{table}/columns` answers. */
  segmentColumns(table: BaseTable): SegmentColumn[] {
    return this.columnsByTable[table].map(toSegmentColumn);
  }

  /** A column by name; a name like `__proto__` is simply unknown. */
  find(table: BaseTable, name: string): CatalogueColumn | undefined {
    return this.byName[table].get(name);
  }

  /** The schema of a canonical table: built-in columns, then its custom attributes. */
  canonicalSchema(table: BaseTable): TableSchema {
    const base = table === 'accounts' ? ACCOUNTS_TABLE : USERS_TABLE;
    const custom = this.custom
      .filter((column) => column.table === table)
      .map((column) => ({ name: column.name, type: column.type }));
    return { ...base, columns: [...base.columns, ...custom] };
  }

  /** The schema of each table a segment table reads, custom attributes included. */
  sourceSchema(source: SourceTable): TableSchema {
    if (source === 'accounts' || source === 'users') return this.canonicalSchema(source);
    return source === 'account_metrics' ? ACCOUNT_METRICS_TABLE : USER_METRICS_TABLE;
  }
}

/** The catalogue of an organization without custom attributes (and of the demo data). */
export const BUILT_IN_CATALOGUE = new OrgCatalogue();
