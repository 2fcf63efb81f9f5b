import type { BaseTable } from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { TableSchema } from '../engine/table-schema.js';

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

/**
 * The wide table's schema: the organization's catalogue names (ADR 0026), each with its
 * source column's type.
 */
export function segmentTableSchema(table: BaseTable, catalogue: OrgCatalogue): TableSchema {
  return {
    name: SEGMENT_TABLE_NAMES[table],
    primaryKey: 'id',
    columns: catalogue.columns(table).map((column) => {
      const source = catalogue
        .sourceSchema(column.source)
        .columns.find((c) => c.name === column.sourceColumn);
      if (!source) throw new Error(`Catalogue column ${column.name} has no source column`);
      return { name: column.name, type: source.type };
    }),
  };
}
