import type { FieldError, MappedEntity, MappingBody } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { badRequest } from '../../../platform/errors/http-error.js';
import type { Warehouse } from '../../../warehouse/index.js';
import { describeTable } from '../../../warehouse/engine/describe-table.js';
import type { LogicalType, TableColumn } from '../../../warehouse/engine/table-schema.js';
import { safeIdentifier } from '../ingestion/landed-tables.js';
import { findSource } from '../sources/sources.repository.js';
import { ATTRIBUTE_TARGETS, ROLE_TYPES, type Role } from './mapping-roles.js';

/** A mapped column as the warehouse holds it: its safe name and logical type. */
export type ResolvedColumn = TableColumn;

export interface ResolvedAttribute {
  column: ResolvedColumn;
  /** The canonical column it fills. */
  target: string;
  targetType: LogicalType;
}

export interface ResolvedEntity {
  warehouseTable: string;
  sourceId: string;
  columns: Partial<Record<Role, ResolvedColumn>>;
  attributes: ResolvedAttribute[];
}

export type ResolvedMapping = Record<'accounts' | 'users', ResolvedEntity> & {
  events: ResolvedEntity | null;
};

type EntityPart = NonNullable<MappingBody[MappedEntity]>;

const TYPE_WORDS: Record<LogicalType, string> = {
  text: 'text',
  integer: 'a whole number',
  bigint: 'a whole number',
  double: 'a number',
  decimal: 'a number',
  boolean: 'true/false',
  timestamp: 'a date and time',
  json: 'JSON',
  integer_list: 'a list',
};

/**
 * Checks a mapping against the discovered schema of the landed tables (ADR 0019): every
 * source, table and column must exist with a usable type. Answers the warehouse names and
 * types of everything named, or throws one 400 naming every bad path
 * (`accounts.columns.id`, `users.attributes[0]`, …).
 */
export async function resolveMapping(
  db: Database,
  warehouse: Warehouse,
  orgId: string,
  mapping: MappingBody,
): Promise<ResolvedMapping> {
  const issues: FieldError[] = [];
  const resolve = (entity: MappedEntity, part: EntityPart) =>
    resolveEntity(db, warehouse, orgId, entity, part, issues);
  const resolved = {
    accounts: await resolve('accounts', mapping.accounts),
    users: await resolve('users', mapping.users),
    events: mapping.events ? await resolve('events', mapping.events) : null,
  };
  if (issues.length > 0 || !resolved.accounts || !resolved.users)
    throw badRequest('The mapping names columns that cannot be used', issues);
  return resolved as ResolvedMapping;
}

async function resolveEntity(
  db: Database,
  warehouse: Warehouse,
  orgId: string,
  entity: MappedEntity,
  part: EntityPart,
  issues: FieldError[],
): Promise<ResolvedEntity | null> {
  const source = await findSource(db, orgId, part.sourceId);
  if (!source) {
    issues.push({ path: `${entity}.sourceId`, message: 'No such data source' });
    return null;
  }
  const landed = Object.hasOwn(source.landed, part.table) ? source.landed[part.table] : undefined;
  const described = landed ? await describeTable(warehouse, orgId, landed.warehouseTable) : null;
  if (!landed || !described) {
    issues.push({ path: `${entity}.table`, message: 'Not loaded from this source: sync it first' });
    return null;
  }
  // Source names become warehouse names exactly as the sync made them (landedSchema).
  const taken = new Set<string>();
  const bySourceName = new Map(
    landed.columns.map((column) => {
      const name = safeIdentifier(column.name, taken);
      return [column.name, described.find((c) => c.name === name)] as const;
    }),
  );
  const lookUp = (path: string, name: string, usable: readonly LogicalType[]) => {
    const column = bySourceName.get(name);
    if (!column) issues.push({ path, message: `No column “${name}” in ${part.table}` });
    else if (!usable.includes(column.type))
      issues.push({ path, message: `“${name}” holds ${TYPE_WORDS[column.type]}: not usable here` });
    else return column;
    return undefined;
  };
  const columns: ResolvedEntity['columns'] = {};
  for (const [role, name] of Object.entries(part.columns) as [Role, string | undefined][]) {
    if (name === undefined) continue;
    columns[role] = lookUp(`${entity}.columns.${role}`, name, ROLE_TYPES[role]);
  }
  const attributes: ResolvedAttribute[] = [];
  const targets = entity === 'events' ? {} : ATTRIBUTE_TARGETS[entity];
  const names = 'attributes' in part ? part.attributes : [];
  names.forEach((name, index) => {
    const path = `${entity}.attributes[${index}]`;
    const found = bySourceName.get(name);
    const targetType =
      found && Object.hasOwn(targets, found.name) ? targets[found.name] : undefined;
    if (found && !targetType) {
      const known = Object.keys(targets).join(', ');
      issues.push({ path, message: `Segments have no column “${found.name}”; one of: ${known}` });
      return;
    }
    const column = lookUp(path, name, targetType ? castableTo(targetType) : []);
    if (column && targetType) attributes.push({ column, target: column.name, targetType });
  });
  return { warehouseTable: landed.warehouseTable, sourceId: source.id, columns, attributes };
}

const NUMBERS: LogicalType[] = ['integer', 'bigint', 'double', 'decimal'];

/** Source types a canonical column of this type can be filled from. */
function castableTo(type: LogicalType): LogicalType[] {
  if (type === 'integer' || type === 'decimal') return NUMBERS;
  return [type];
}
