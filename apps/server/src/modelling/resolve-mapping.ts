import type { FieldError, MappedEntity, MappingBody } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import { badRequest } from '../platform/errors/http-error.js';
import {
  BUILT_IN_CATALOGUE,
  customDataTypeOf,
  labelFromColumnName,
  OrgCatalogue,
  type CustomColumn,
  type Warehouse,
  describeTable,
} from '../warehouse/index.js';
import {
  decimalParts,
  type DecimalType,
  type LogicalType,
  type TableColumn,
} from '../warehouse/index.js';
import { safeIdentifier, findSource } from '../ingestion/index.js';
import { ATTRIBUTE_TARGETS, ROLE_TYPES, type Role } from './mapping-roles.js';

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
  columns: Partial<Record<Role, ResolvedColumn>>;
  attributes: ResolvedAttribute[];
}

export type ResolvedMapping = Record<'accounts' | 'users', ResolvedEntity> & {
  events: ResolvedEntity | null;
  /** The custom attributes of accounts and users, in mapping order (ADR 0026). */
  custom: CustomColumn[];
  /** The catalogue the mapped canonical tables will have (enum options still unknown). */
  catalogue: OrgCatalogue;
};

type EntityPart = NonNullable<MappingBody[MappedEntity]>;

/** A source's exact `decimal(p,s)` is used wherever the two-decimal `decimal` is. */
type TypeKind = Exclude<LogicalType, DecimalType>;
const kindOf = (type: LogicalType): TypeKind =>
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
  if (resolved.accounts && resolved.users)
    refuseAccountNameClashes(resolved.accounts, resolved.users, issues);
  if (issues.length > 0 || !resolved.accounts || !resolved.users)
    throw badRequest('The mapping names columns that cannot be used', issues);
  const custom = [...resolved.accounts.attributes, ...resolved.users.attributes].flatMap(
    (attribute) => (attribute.custom ? [attribute.custom] : []),
  );
  return { ...resolved, custom, catalogue: new OrgCatalogue(custom) } as ResolvedMapping;
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
  const accountNames = new Set(
    accounts.attributes.flatMap((a) => (a.custom ? [`account_${a.custom.name}`] : [])),
  );
  users.attributes.forEach((attribute) => {
    if (!attribute.custom || !accountNames.has(attribute.custom.name)) return;
    issues.push({
      path: `users.attributes[${attribute.index}]`,
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
    else if (!usable.includes(kindOf(column.type)))
      issues.push({
        path,
        message: `“${name}” holds ${TYPE_WORDS[kindOf(column.type)]}: not usable here`,
      });
    else return column;
    return undefined;
  };
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
  return { warehouseTable: landed.warehouseTable, sourceId: source.id, columns, attributes };
}

type LookUp = (
  path: string,
  name: string,
  usable: readonly LogicalType[],
) => ResolvedColumn | undefined;

/**
 * An attribute named like a built-in canonical column (`plan`, `mrr`, `role`, …) fills it,
 * cast into its type (ADR 0019); any other name is a custom attribute (ADR 0026) that keeps
 * its source type under its own warehouse name, unless that name is already a segment
 * column (a role column, a computed one, a user's `account_…` one).
 */
function resolveAttribute(
  entity: 'accounts' | 'users',
  path: string,
  name: string,
  found: ResolvedColumn | undefined,
  lookUp: LookUp,
  issues: FieldError[],
): Omit<ResolvedAttribute, 'index'> | undefined {
  const targets = ATTRIBUTE_TARGETS[entity];
  const targetType = found && Object.hasOwn(targets, found.name) ? targets[found.name] : undefined;
  if (targetType) {
    const column = lookUp(path, name, castableTo(targetType));
    return column && { column, target: column.name, targetType };
  }
  if (found && BUILT_IN_CATALOGUE.find(entity, found.name)) {
    issues.push({
      path,
      message: `Segments already have a column “${found.name}”: map it under columns or pick another`,
    });
    return undefined;
  }
  const column = lookUp(path, name, CUSTOM_TYPES);
  if (!column) return undefined;
  // A day reads as its midnight (UTC) in segments, as every other date and time does.
  const type = column.type === 'date' ? 'timestamp' : column.type;
  const custom: CustomColumn = {
    table: entity,
    name: column.name,
    label: labelFromColumnName(name),
    type,
    dataType: customDataTypeOf(type)!,
    options: null,
  };
  return { column, target: column.name, targetType: type, custom };
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
