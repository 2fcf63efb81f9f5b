import type { FieldError } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import {
  decimalParts,
  describeTable,
  type DecimalType,
  type LogicalType,
  type TableColumn,
  type Warehouse,
} from '../warehouse/index.js';
import { findSource, safeIdentifier } from '../ingestion/index.js';
import { CRM_RECORD_FACTS, type CrmRecordFacts } from '../integrations/index.js';

/** A source's exact `decimal(p,s)` is used wherever the two-decimal `decimal` is. */
type TypeKind = Exclude<LogicalType, DecimalType>;
export const kindOf = (type: LogicalType): TypeKind =>
  decimalParts(type) ? 'decimal' : (type as TypeKind);

const TYPE_WORDS: Record<TypeKind, string> = {
  text: 'text',
  integer: 'a whole number',
  bigint: 'a whole number',
  double: 'a number',
  decimal: 'a number',
  boolean: 'true/false',
  timestamp: 'a date and time',
  json: 'JSON',
  integer_list: 'a list',
  text_list: 'a list',
  bigint_list: 'a list',
  date: 'a date',
};

type Source = NonNullable<Awaited<ReturnType<typeof findSource>>>;

/** A landed table as the mapping sees it (ADR 0019): its columns by their source names. */
export interface DiscoveredTable {
  source: Source;
  /** The source's own table name, and its raw table in the warehouse. */
  table: string;
  warehouseTable: string;
  /** Set when the source is a CRM the mapping knows (ADR 0032). */
  crm: CrmRecordFacts | null;
  bySourceName: ReadonlyMap<string, TableColumn | undefined>;
  /** The column of that source name if it exists with a usable type, else an issue at `path`. */
  lookUp: (path: string, name: string, usable: readonly LogicalType[]) => TableColumn | undefined;
  /** The first of these source names the table has (any case), without an issue. */
  firstOf: (names: readonly string[]) => string | undefined;
}

/**
 * A source's landed table against the discovered schema: the source's `landed` state (source
 * names turned into warehouse names exactly as the sync did) and the raw table's columns and
 * types from the warehouse's own `information_schema`. Null, with an issue at `path`, when
 * the source or the table is missing.
 */
export async function discoverTable(
  db: Database,
  warehouse: Warehouse,
  orgId: string,
  path: string,
  part: { sourceId: string; table: string },
  issues: FieldError[],
): Promise<DiscoveredTable | null> {
  const source = await findSource(db, orgId, part.sourceId);
  if (!source) {
    issues.push({ path: `${path}.sourceId`, message: 'No such data source' });
    return null;
  }
  const table = await landedTable(warehouse, orgId, source, part.table);
  if (!table) {
    issues.push({ path: `${path}.table`, message: 'Not loaded from this source: sync it first' });
    return null;
  }
  const lookUp = (at: string, name: string, usable: readonly LogicalType[]) => {
    const column = table.bySourceName.get(name);
    if (!column) issues.push({ path: at, message: `No column “${name}” in ${part.table}` });
    else if (!usable.includes(kindOf(column.type)))
      issues.push({
        path: at,
        message: `“${name}” holds ${TYPE_WORDS[kindOf(column.type)]}: not usable here`,
      });
    else return column;
    return undefined;
  };
  return { ...table, lookUp };
}

/** Another landed table of the same source (a CRM's owners), or null when not landed. */
export async function landedTable(
  warehouse: Warehouse,
  orgId: string,
  source: Source,
  name: string,
): Promise<Omit<DiscoveredTable, 'lookUp'> | null> {
  const landed = Object.hasOwn(source.landed, name) ? source.landed[name] : undefined;
  const described = landed ? await describeTable(warehouse, orgId, landed.warehouseTable) : null;
  if (!landed || !described) return null;
  const taken = new Set<string>();
  const bySourceName = new Map(
    landed.columns.map((column) => {
      const safe = safeIdentifier(column.name, taken);
      return [column.name, described.find((c) => c.name === safe)] as const;
    }),
  );
  const byLowerName = new Map([...bySourceName.keys()].map((key) => [key.toLowerCase(), key]));
  return {
    source,
    table: name,
    warehouseTable: landed.warehouseTable,
    crm: Object.hasOwn(CRM_RECORD_FACTS, source.type) ? CRM_RECORD_FACTS[source.type]! : null,
    bySourceName,
    firstOf: (names) =>
      names.map((n) => byLowerName.get(n.toLowerCase())).find((n) => n !== undefined),
  };
}
