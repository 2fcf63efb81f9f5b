import type { SegmentColumn } from '@revlane/contracts';
import { AGGREGATES, type MetricDefinition } from '../metrics/metric-definition.js';

/**
 * The tables a segment table is built from; each has a fixed alias in the compiled SQL. The
 * score sources (model/score-tables.ts) exist only while a build fills the segment tables.
 */
export type SourceTable =
  'accounts' | 'account_metrics' | 'users' | 'user_metrics' | 'account_scores' | 'user_scores';

export const SOURCE_ALIASES: Record<SourceTable, string> = {
  accounts: 'a',
  account_metrics: 'am',
  users: 'u',
  user_metrics: 'um',
  account_scores: 'acs',
  user_scores: 'ucs',
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

type Definition = Omit<
  CatalogueColumn,
  'source' | 'sourceColumn' | 'computed' | 'name' | 'optionLabels' | 'groupable'
>;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * How people read an option: a country code by its English name, else the stored word with
 * a capital and spaces (`at_risk` → 'At risk'); booleans keep 'True' and 'False'.
 */
function optionLabel(option: string, isCountry: boolean): string {
  if (isCountry) return regionNames.of(option) ?? option;
  const words = option.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Stored columns of a source table: the column name is the catalogue name. Option lists get
 * their labels, and only columns with few values (enums, booleans) are offered to group by
 * (ADR 0013).
 */
export function storedColumns(
  source: SourceTable,
  definitions: Record<string, Definition>,
): CatalogueColumn[] {
  return Object.entries(definitions).map(([name, definition]) => ({
    name,
    ...definition,
    ...(definition.options
      ? {
          optionLabels: Object.fromEntries(
            definition.options.map((option) => [option, optionLabel(option, name === 'country')]),
          ),
        }
      : {}),
    groupable: definition.dataType === 'enum' || definition.dataType === 'boolean',
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
      ...(AGGREGATES[aggregate].unit ? { unit: AGGREGATES[aggregate].unit } : {}),
      description,
      // Counts and amounts take every value: grouping by them lists one group per record.
      groupable: false,
      computed: true,
      source,
      sourceColumn: name,
    }));
}
