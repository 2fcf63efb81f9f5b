import type { BaseTable } from '@revlane/contracts';
import { getCatalogue } from '../catalogue/columns.js';
import type { SourceTable } from '../catalogue/catalogue-column.js';
import type { TableSchema } from '../engine/table-schema.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from './canonical-tables.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from './metric-tables.js';

/**
 * One wide table per base table, rebuilt with the metrics after each load: every catalogue
 * column under its catalogue name, the account's columns already joined into users. A
 * segment page reads one table and joins nothing (on 2M users a join cost ~0.9 s a page,
 * the wide table ~6 ms).
 */
export const SEGMENT_TABLE_NAMES: Record<BaseTable, string> = {
  accounts: 'segment_accounts',
  users: 'segment_users',
};

const SOURCE_SCHEMAS: Record<SourceTable, TableSchema> = {
  accounts: ACCOUNTS_TABLE,
  users: USERS_TABLE,
  account_metrics: ACCOUNT_METRICS_TABLE,
  user_metrics: USER_METRICS_TABLE,
};

/** The wide table's schema: catalogue names, each with its source column's type. */
export function segmentTableSchema(table: BaseTable): TableSchema {
  return {
    name: SEGMENT_TABLE_NAMES[table],
    primaryKey: 'id',
    columns: getCatalogue(table).map((column) => {
      const source = SOURCE_SCHEMAS[column.source].columns.find(
        (c) => c.name === column.sourceColumn,
      );
      if (!source) throw new Error(`Catalogue column ${column.name} has no source column`);
      return { name: column.name, type: source.type };
    }),
  };
}
