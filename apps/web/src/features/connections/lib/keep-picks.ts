import type { DiscoveredTable, MappedEntity } from '@revlane/contracts';
import { ENTITY_FIELDS, type EntityValues } from './mapping-form';

/** A pick the new table has no column for: the field it filled and the column it named. */
export interface DroppedPick {
  field: string;
  column: string;
}

/** What an entity pointed at another table keeps of its picks, and what it loses. */
export interface KeptPicks {
  columns: Record<string, string | undefined>;
  attributes: string[];
  dropped: DroppedPick[];
}

/** An attribute may name a path inside a JSON column (`meta.tier`, docs/architecture.md §5.2). */
const columnOfAttribute = (attribute: string, names: ReadonlySet<string>) =>
  names.has(attribute) ? attribute : (attribute.split('.')[0] ?? attribute);

/**
 * The picks of an entity that name a column of its new table: the server resolves every pick
 * by column name (ADR 0019), so these still mean what they meant; the others are dropped.
 */
export function keepPicksIn(
  entity: MappedEntity,
  values: EntityValues | undefined,
  table: DiscoveredTable,
): KeptPicks {
  const names = new Set(table.columns.map((column) => column.name));
  const dropped: DroppedPick[] = [];
  const columns: KeptPicks['columns'] = {};
  for (const [role, column] of Object.entries(values?.columns ?? {})) {
    if (!column) continue;
    if (names.has(column)) columns[role] = column;
    else {
      const field = ENTITY_FIELDS[entity].roles.find((candidate) => candidate.role === role);
      dropped.push({ field: field?.label ?? role, column });
    }
  }
  const attributes = (values?.attributes ?? []).filter((attribute) => {
    const isKept = names.has(columnOfAttribute(attribute, names));
    if (!isKept) dropped.push({ field: 'Attributes', column: attribute });
    return isKept;
  });
  return { columns, attributes, dropped };
}

/** "2 picks not in crm.csv were dropped": the note an entity shows after it moved. */
export function droppedPicksTitle(count: number, table: string): string {
  return count === 1
    ? `1 pick not in ${table} was dropped`
    : `${count} picks not in ${table} were dropped`;
}
