import type { SegmentColumn } from '@revlane/contracts';
import { AGGREGATES, type MetricDefinition } from '../metrics/metric-definition.js';

/** The tables a segment query can read; each has a fixed alias in the compiled SQL. */
export type SourceTable = 'accounts' | 'account_metrics' | 'users' | 'user_metrics';

export const SOURCE_ALIASES: Record<SourceTable, string> = {
  accounts: 'a',
  account_metrics: 'am',
  users: 'u',
  user_metrics: 'um',
};

/**
 * A catalogue entry as the server holds it: the public column (contracts) plus where its
 * value comes from. The compiler only ever reaches SQL through `source` and `sourceColumn`,
 * so an identifier in the SQL text is always one written here.
 */
export interface CatalogueColumn extends SegmentColumn {
  source: SourceTable;
  sourceColumn: string;
}

/** The public part (what `GET segments/tables/{table}/columns` answers). */
export function toSegmentColumn(column: CatalogueColumn): SegmentColumn {
  const { source: _source, sourceColumn: _sourceColumn, ...rest } = column;
  return rest;
}

type Definition = Omit<CatalogueColumn, 'source' | 'sourceColumn' | 'computed' | 'name'>;

/** Stored columns of a source table: the column name is the catalogue name. */
export function storedColumns(
  source: SourceTable,
  definitions: Record<string, Definition>,
): CatalogueColumn[] {
  return Object.entries(definitions).map(([name, definition]) => ({
    name,
    ...definition,
    computed: false,
    source,
    sourceColumn: name,
  }));
}

/**
 * Computed columns, materialised in a metric table after each load: one per metric
 * definition that is not hidden, with the data type its aggregate gives.
 */
export function computedColumns(
  source: SourceTable,
  metrics: readonly MetricDefinition[],
): CatalogueColumn[] {
  return metrics
    .filter((metric) => !metric.isHidden)
    .map(({ name, label, description, aggregate }) => ({
      name,
      label,
      dataType: AGGREGATES[aggregate].dataType,
      description,
      computed: true,
      source,
      sourceColumn: name,
    }));
}
