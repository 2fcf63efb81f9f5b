import type { BaseTable, ColumnUnit } from '@revlane/contracts';
import { decimalParts, type LogicalType } from '../engine/table-schema.js';
import { BOOLEAN_OPTIONS } from '../model/enum-options.js';
import type { CatalogueColumn } from './catalogue-column.js';

/** The data types a custom attribute can have: what its source type reads as (ADR 0026). */
export type CustomDataType = 'string' | 'enum' | 'numeric' | 'boolean' | 'timestamp' | 'list';

/**
 * A custom attribute (ADR 0026): a mapped source column that is not a built-in canonical
 * column. It is stored in the organization's canonical table under `name` (the landed
 * table's own warehouse column name, from the discovered schema) with its source `type`,
 * and becomes a segment column of the same name. Recorded with the load that built it.
 */
export interface CustomColumn {
  table: BaseTable;
  name: string;
  label: string;
  type: LogicalType;
  dataType: CustomDataType;
  /** Enum options (the distinct values, sorted) when the column has few of them. */
  options: string[] | null;
  /** Set when a CRM source gives it (ADR 0032): record pages show it among the CRM fields. */
  crm?: boolean;
}

const PERCENT_WORDS = new Set(['percent', 'percentage', 'pct', 'ratio', 'rate']);
const SCORE_WORDS = new Set(['score', 'rating', 'nps', 'csat']);

/**
 * A number whose name says it is a percentage (`churn_rate`, "Win %") or a score
 * (`health_score`, "NPS"): groups average it rather than sum it (docs/product.md §5).
 */
export function unitFromName(name: string): ColumnUnit | undefined {
  const words = name.toLowerCase().split(/[^a-z0-9%]+/);
  if (name.includes('%') || words.some((word) => PERCENT_WORDS.has(word))) return 'percent';
  if (words.some((word) => SCORE_WORDS.has(word))) return 'score';
  return undefined;
}

/** The catalogue entry of a custom attribute, on the table it was mapped on. */
export function customCatalogueColumn(custom: CustomColumn): CatalogueColumn {
  const unit = custom.dataType === 'numeric' ? unitFromName(custom.label) : undefined;
  const options =
    custom.dataType === 'boolean'
      ? [...BOOLEAN_OPTIONS]
      : custom.dataType === 'enum'
        ? (custom.options ?? [])
        : null;
  return {
    name: custom.name,
    label: custom.label,
    dataType: custom.dataType,
    ...(unit ? { unit } : {}),
    description: `Mapped from the source column “${custom.label}”.`,
    ...(options
      ? {
          options,
          // The data's own values: shown as they are stored.
          optionLabels: Object.fromEntries(options.map((option) => [option, option])),
        }
      : {}),
    groupable: options !== null,
    computed: false,
    source: custom.table,
    sourceColumn: custom.name,
  };
}

/** How a source type reads in segments; null for types a segment column cannot hold. */
export function customDataTypeOf(type: LogicalType): CustomDataType | null {
  switch (type) {
    case 'text':
      return 'string';
    case 'integer':
    case 'bigint':
    case 'double':
    case 'decimal':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'timestamp':
      return 'timestamp';
    case 'text_list':
    case 'bigint_list':
      return 'list';
    default:
      return decimalParts(type) ? 'numeric' : null;
  }
}

/**
 * `annual_revenue` → 'Annual revenue', `ARR` stays 'ARR': a label from a column name. A
 * name that is not a plain identifier ("Account Owner", `unicodé_naïve`) is the source's
 * own label and stays as it is written (its warehouse name is made safe apart).
 */
export function labelFromColumnName(name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name)) return name.trim() || name;
  const words = name.replace(/[_\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Reads the definitions back as recorded with a load (JSON), dropping malformed entries. */
export function parseCustomColumns(value: unknown): CustomColumn[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is CustomColumn =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as CustomColumn).name === 'string' &&
      ((item as CustomColumn).table === 'accounts' || (item as CustomColumn).table === 'users'),
  );
}
