import type { FieldError, MappedEntity, MappingBody } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import { badRequest } from '../platform/errors/http-error.js';
import {
  BUILT_IN_CATALOGUE,
  customDataTypeOf,
  labelFromColumnName,
  OrgCatalogue,
  type CustomColumn,
  type LogicalType,
  type TableColumn,
  type Warehouse,
} from '../warehouse/index.js';
import { safeIdentifier } from '../ingestion/index.js';
import { ATTRIBUTE_TARGETS, ROLE_TYPES, type Role } from './mapping-roles.js';
import { discoverTable, type DiscoveredTable } from './discover-table.js';
import {
  checkSharedTargets,
  ownerOf,
  resolveJoins,
  type ResolvedJoin,
  type ResolvedOwner,
} from './resolve-joins.js';

/** A mapped column as the warehouse holds it: its safe name and logical type. */
export type ResolvedColumn = TableColumn;

export interface ResolvedAttribute {
  column: ResolvedColumn;
  /** The canonical column it fills: a built-in one, or its own (a custom attribute). */
  target: string;
  targetType: LogicalType;
  /** Set for a custom attribute (ADR 0026): the column it adds to the catalogue. */
  custom?: CustomColumn;
  /** Its position in the entity's `attributes` (errors name `users.attributes[i]`). */
  index: number;
  /** Keys of a path inside the JSON column (`meta.tier` → ['tier']): its text there. */
  jsonPath?: string[];
}

export interface ResolvedEntity {
  warehouseTable: string;
  sourceId: string;
  /** The source's type (`salesforce`, `postgres`, …) and whether it is a CRM (ADR 0032). */
  sourceType: string;
  crm: boolean;
  columns: Partial<Record<Role, ResolvedColumn>>;
  attributes: ResolvedAttribute[];
  /** The CRM owner of the primary's rows, when its table names one (ADR 0032). */
  owner: ResolvedOwner | null;
  /** Tables joined to this one (ADR 0032); always empty for events. */
  joins: ResolvedJoin[];
  /** Per segment column given by several parts, the source ids in the order they win. */
  precedence: Record<string, string[]>;
}

export type ResolvedMapping = Record<'accounts' | 'users', ResolvedEntity> & {
  events: ResolvedEntity | null;
  /** The custom attributes of accounts and users, in mapping order (ADR 0026). */
  custom: CustomColumn[];
  /** The catalogue the mapped canonical tables will have (enum options still unknown). */
  catalogue: OrgCatalogue;
};

type EntityPart = NonNullable<MappingBody[MappedEntity]>;

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
  for (const entity of ['accounts', 'users'] as const) {
    const part = resolved[entity];
    if (part) checkSharedTargets(entity, part, issues);
  }
  if (resolved.accounts && resolved.users)
    refuseAccountNameClashes(resolved.accounts, resolved.users, issues);
  if (issues.length > 0 || !resolved.accounts || !resolved.users)
    throw badRequest('The mapping names columns that cannot be used', issues);
  const custom = [resolved.accounts, resolved.users].flatMap(customColumnsOf);
  return { ...resolved, custom, catalogue: new OrgCatalogue(custom) } as ResolvedMapping;
}

/** An entity's custom columns, once each, the first part giving one defining it. */
function customColumnsOf(entity: ResolvedEntity): CustomColumn[] {
  const all = [entity.attributes, ...entity.joins.map((join) => join.attributes)].flat();
  const byName = new Map<string, CustomColumn>();
  for (const { custom } of all)
    if (custom && !byName.has(custom.name)) byName.set(custom.name, custom);
  return [...byName.values()];
}

/**
 * A user's account columns are `account_<name>` (docs/architecture.md §5.2): a custom user
 * attribute of such a name would hide the account's custom attribute, so it is refused.
 */
function refuseAccountNameClashes(
  accounts: ResolvedEntity,
  users: ResolvedEntity,
  issues: FieldError[],
) {
  const accountNames = new Set(customColumnsOf(accounts).map((c) => `account_${c.name}`));
  const parts = [
    { path: 'users.attributes', attributes: users.attributes },
    ...users.joins.map((join) => ({
      path: `users.joins[${join.index}].attributes`,
      attributes: join.attributes,
    })),
  ];
  for (const { path, attributes } of parts)
    attributes.forEach((attribute) => {
      if (!attribute.custom || !accountNames.has(attribute.custom.name)) return;
      issues.push({
        path: `${path}[${attribute.index}]`,
        message: `Users already show the account's “${attribute.custom.name}”: rename one of them`,
      });
    });
}

async function resolveEntity(
  db: Database,
  warehouse: Warehouse,
  orgId: string,
  entity: MappedEntity,
  part: EntityPart,
  issues: FieldError[],
): Promise<ResolvedEntity | null> {
  const table = await discoverTable(db, warehouse, orgId, entity, part, issues);
  if (!table) return null;
  const { lookUp, bySourceName, source } = table;
  const columns: ResolvedEntity['columns'] = {};
  for (const [role, name] of Object.entries(part.columns) as [Role, string | undefined][]) {
    if (name === undefined) continue;
    columns[role] = lookUp(`${entity}.columns.${role}`, name, ROLE_TYPES[role]);
  }
  const attributes: ResolvedAttribute[] = [];
  const names = 'attributes' in part ? part.attributes : [];
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (entity === 'events') return;
    const path = `${entity}.attributes[${index}]`;
    const inJson = bySourceName.has(name) ? null : jsonPathAttribute(entity, name, bySourceName);
    if (inJson) {
      if (seen.has(inJson.target)) issues.push({ path, message: `“${name}” is listed twice` });
      else if (typeof inJson.problem === 'string') issues.push({ path, message: inJson.problem });
      else attributes.push({ ...inJson.attribute, index });
      seen.add(inJson.target);
      return;
    }
    const found = bySourceName.get(name);
    if (found && seen.has(found.name)) {
      issues.push({ path, message: `“${name}” is listed twice` });
      return;
    }
    if (found) seen.add(found.name);
    const attribute = resolveAttribute(entity, path, name, found, lookUp, issues);
    if (attribute) attributes.push({ ...attribute, index });
  });
  const joins =
    entity === 'events' || !('joins' in part)
      ? []
      : await resolveJoins(db, warehouse, orgId, entity, part, columns, table, issues);
  return {
    warehouseTable: table.warehouseTable,
    sourceId: source.id,
    sourceType: source.type,
    crm: table.crm !== null,
    columns,
    attributes,
    owner: entity === 'events' ? null : await ownerOf(warehouse, orgId, table),
    joins,
    precedence: ('precedence' in part && part.precedence) || {},
  };
}

type LookUp = DiscoveredTable['lookUp'];

/**
 * An attribute named like a built-in canonical column (`plan`, `mrr`, `role`, …) fills it,
 * cast into its type (ADR 0019); any other name is a custom attribute (ADR 0026) that keeps
 * its source type under its own warehouse name, unless that name is already a segment
 * column (a role column, a computed one, a user's `account_…` one).
 */
export function resolveAttribute(
  entity: 'accounts' | 'users',
  path: string,
  name: string,
  found: ResolvedColumn | undefined,
  lookUp: LookUp,
  issues: FieldError[],
  /** A joined table's attribute (ADR 0032): the segment column it becomes, and its label. */
  naming?: { target: string; label: string; crm: boolean },
): Omit<ResolvedAttribute, 'index'> | undefined {
  const targets = ATTRIBUTE_TARGETS[entity];
  const wanted = naming?.target ?? found?.name;
  const targetType = wanted && Object.hasOwn(targets, wanted) ? targets[wanted] : undefined;
  if (targetType) {
    const column = lookUp(path, name, castableTo(targetType));
    return column && { column, target: wanted!, targetType };
  }
  if (wanted && found && BUILT_IN_CATALOGUE.find(entity, wanted)) {
    issues.push({
      path,
      message: `Segments already have a column “${wanted}”: map it under columns or pick another`,
    });
    return undefined;
  }
  const column = lookUp(path, name, CUSTOM_TYPES);
  if (!column) return undefined;
  // A day reads as its midnight (UTC) in segments, as every other date and time does.
  const type = column.type === 'date' ? 'timestamp' : column.type;
  const custom: CustomColumn = {
    table: entity,
    name: naming?.target ?? column.name,
    label: naming?.label ?? labelFromColumnName(name),
    type,
    dataType: customDataTypeOf(type)!,
    options: null,
    ...(naming?.crm ? { crm: true } : {}),
  };
  return { column, target: custom.name, targetType: type, custom };
}

/** A key of a JSON path a mapping may name: bound as a parameter, kept plain all the same. */
const JSON_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * `meta.tier`: the text at a path inside a JSON column, as a custom text attribute named
 * `meta_tier` (labelled as written). Null when the name's first part is no JSON column.
 */
function jsonPathAttribute(
  entity: 'accounts' | 'users',
  name: string,
  bySourceName: ReadonlyMap<string, ResolvedColumn | undefined>,
):
  | { target: string; problem: string; attribute?: undefined }
  | { target: string; problem?: undefined; attribute: Omit<ResolvedAttribute, 'index'> }
  | null {
  const [base, ...keys] = name.split('.');
  const column = bySourceName.get(base ?? '');
  if (keys.length === 0 || !column || column.type !== 'json') return null;
  const target = safeIdentifier(name, new Set());
  if (!keys.every((key) => JSON_KEY.test(key)))
    return { target, problem: `A path inside “${base}” takes letters, digits, _ and - only` };
  if (BUILT_IN_CATALOGUE.find(entity, target))
    return { target, problem: `Segments already have a column “${target}”: pick another` };
  const custom: CustomColumn = {
    table: entity,
    name: target,
    label: name,
    type: 'text',
    dataType: 'string',
    options: null,
  };
  return { target, attribute: { column, target, targetType: 'text', custom, jsonPath: keys } };
}

/** Source types a custom attribute can keep (the segment data types they read as). */
const CUSTOM_TYPES: LogicalType[] = [
  'text',
  'integer',
  'bigint',
  'double',
  'decimal',
  'boolean',
  'date',
  'timestamp',
  'text_list',
  'bigint_list',
];

const NUMBERS: LogicalType[] = ['integer', 'bigint', 'double', 'decimal'];

/** Source types a canonical column of this type can be filled from. */
function castableTo(type: LogicalType): LogicalType[] {
  if (type === 'integer' || type === 'decimal') return NUMBERS;
  return [type];
}
