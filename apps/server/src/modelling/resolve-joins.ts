import {
  joinedAttributeName,
  type FieldError,
  type JoinMatch,
  type MappingBody,
} from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import {
  labelFromColumnName,
  type LogicalType,
  type TableColumn,
  type Warehouse,
} from '../warehouse/index.js';
import { safeIdentifier } from '../ingestion/index.js';
import { RECORD_COLUMN_DEFAULTS } from '../integrations/index.js';
import { discoverTable, kindOf, landedTable, type DiscoveredTable } from './discover-table.js';
import { ROLE_TYPES, type Role } from './mapping-roles.js';
import {
  resolveAttribute,
  type ResolvedAttribute,
  type ResolvedEntity,
} from './resolve-mapping.js';

/**
 * A record's CRM owner (ADR 0032): the column naming it on the record's table, and the
 * owners' table of the same source when it landed (its id, name parts and email).
 */
export interface ResolvedOwner {
  column: TableColumn;
  table: {
    warehouseTable: string;
    id: TableColumn;
    name: TableColumn[];
    email: TableColumn | null;
  } | null;
}

/** A table joined to an entity's primary table (ADR 0032), checked against the schema. */
export interface ResolvedJoin {
  /** Its position in the entity's `joins` (errors name `accounts.joins[i]…`). */
  index: number;
  sourceId: string;
  /** "Salesforce", or the source's own name; and the word for one of its records. */
  sourceLabel: string;
  recordWord: string;
  table: string;
  warehouseTable: string;
  crm: boolean;
  /** What its columns are named after (`salesforce` → `salesforce_industry`). */
  prefix: string;
  match: {
    kind: JoinMatch['kind'];
    column: TableColumn;
    /** The primary's column, read as an email's domain for a users' domain match. */
    primary: TableColumn;
    primaryAsEmailDomain: boolean;
  };
  id: TableColumn | null;
  label: TableColumn | null;
  modifiedAt: TableColumn | null;
  attributes: ResolvedAttribute[];
  owner: ResolvedOwner | null;
}

type JoinedEntity = MappingBody['accounts'] | MappingBody['users'];

const TEXT: LogicalType[] = ['text'];
const KEYS: LogicalType[] = ['text', 'integer', 'bigint', 'decimal'];
const MOMENTS: LogicalType[] = ['timestamp', 'date'];

/** The record's owner on a CRM table, and where the CRM's owners landed (ADR 0032). */
export async function ownerOf(
  warehouse: Warehouse,
  orgId: string,
  table: Omit<DiscoveredTable, 'lookUp'>,
): Promise<ResolvedOwner | null> {
  const facts = table.crm?.owner;
  const column = facts && table.bySourceName.get(facts.column);
  if (!facts || !column) return null;
  const owners = await landedTable(warehouse, orgId, table.source, facts.table);
  const id = owners?.bySourceName.get(facts.id);
  const name = facts.name.map((n) => owners?.bySourceName.get(n));
  if (!owners || !id || name.some((n) => !n)) return { column, table: null };
  return {
    column,
    table: {
      warehouseTable: owners.warehouseTable,
      id,
      name: name as TableColumn[],
      email: owners.bySourceName.get(facts.email) ?? null,
    },
  };
}

/**
 * The joins of an entity, each checked against its source's discovered schema: the match
 * columns on both sides, the optional id, label and modified columns (defaults from
 * RECORD_COLUMN_DEFAULTS), and its attributes named after the source unless named. Problems
 * are issues naming `accounts.joins[i]…`.
 */
export async function resolveJoins(
  db: Database,
  warehouse: Warehouse,
  orgId: string,
  entity: 'accounts' | 'users',
  part: JoinedEntity,
  primary: Partial<Record<Role, TableColumn>>,
  primaryTable: DiscoveredTable,
  issues: FieldError[],
): Promise<ResolvedJoin[]> {
  const prefixes = new Set<string>();
  const joins: ResolvedJoin[] = [];
  for (const [index, join] of (part.joins ?? []).entries()) {
    const path = `${entity}.joins[${index}]`;
    const table = await discoverTable(db, warehouse, orgId, path, join, issues);
    if (!table) continue;
    const column = table.lookUp(
      `${path}.match.column`,
      join.match.column,
      join.match.kind === 'column' ? KEYS : TEXT,
    );
    const primarySide = primaryOf(entity, join.match, primary, primaryTable, path, issues);
    const optional = (key: 'id' | 'label' | 'modifiedAt', usable: LogicalType[]) => {
      const given = join[key];
      if (given) return table.lookUp(`${path}.${key}`, given, usable) ?? null;
      const known = table.firstOf(RECORD_COLUMN_DEFAULTS[key]);
      const found = known ? table.bySourceName.get(known) : undefined;
      return found && usable.includes(kindOf(found.type)) ? found : null;
    };
    // Its records' ids are prefixed by its source type, once per entity (`csv`, `csv_2`).
    const prefix = safeIdentifier(table.source.type, prefixes);
    const sourceLabel = table.crm?.label ?? table.source.name;
    const attributes = joinAttributes(entity, path, join.attributes, table, sourceLabel, issues);
    const id = optional('id', KEYS);
    const idName = joinedAttributeName(table.source.type, 'id');
    if (id && !attributes.some((a) => a.target === idName))
      attributes.push(idAttribute(entity, id, idName, sourceLabel, table.crm !== null));
    if (!column || !primarySide) continue;
    joins.push({
      index,
      sourceId: table.source.id,
      sourceLabel,
      recordWord: table.crm?.records[join.table] ?? 'record',
      table: join.table,
      warehouseTable: table.warehouseTable,
      crm: table.crm !== null,
      prefix,
      match: { kind: join.match.kind, column, ...primarySide },
      id,
      label: optional('label', TEXT),
      modifiedAt: optional('modifiedAt', MOMENTS),
      attributes,
      owner: await ownerOf(warehouse, orgId, table),
    });
  }
  return joins;
}

/**
 * The primary's side of a match: the column named, or by default its domain (accounts) or
 * its email (users: the email's domain for a domain match, the address for an email match).
 */
function primaryOf(
  entity: 'accounts' | 'users',
  match: JoinMatch,
  primary: Partial<Record<Role, TableColumn>>,
  primaryTable: DiscoveredTable,
  path: string,
  issues: FieldError[],
): { primary: TableColumn; primaryAsEmailDomain: boolean } | null {
  const at = `${path}.match.primaryColumn`;
  if (match.primaryColumn) {
    const usable = match.kind === 'column' ? KEYS : TEXT;
    const column = primaryTable.lookUp(at, match.primaryColumn, usable);
    return column ? { primary: column, primaryAsEmailDomain: false } : null;
  }
  const role: Role | null =
    match.kind === 'column'
      ? null
      : entity === 'accounts'
        ? match.kind === 'domain'
          ? 'domain'
          : null
        : 'email';
  const column = role ? primary[role] : undefined;
  if (!column || !ROLE_TYPES[role!].includes(kindOf(column.type))) {
    issues.push({
      path: at,
      message:
        match.kind === 'column'
          ? 'Name the primary table’s column to match'
          : `Name the primary table’s ${match.kind} column, or map it under columns`,
    });
    return null;
  }
  return { primary: column, primaryAsEmailDomain: entity === 'users' && match.kind === 'domain' };
}

function joinAttributes(
  entity: 'accounts' | 'users',
  path: string,
  attributes: NonNullable<JoinedEntity['joins']>[number]['attributes'],
  table: DiscoveredTable,
  sourceLabel: string,
  issues: FieldError[],
): ResolvedAttribute[] {
  const resolved: ResolvedAttribute[] = [];
  attributes.forEach((attribute, index) => {
    const at = `${path}.attributes[${index}]`;
    const column = typeof attribute === 'string' ? attribute : attribute.column;
    const found = table.bySourceName.get(column);
    // Named after the source (`salesforce_industry`), as the editor shows it.
    const target =
      typeof attribute === 'string'
        ? joinedAttributeName(table.source.type, column)
        : attribute.name;
    if (resolved.some((a) => a.target === target)) {
      issues.push({ path: at, message: `“${target}” is listed twice` });
      return;
    }
    const label =
      typeof attribute === 'string'
        ? `${sourceLabel} ${labelFromColumnName(column)}`
        : labelFromColumnName(attribute.name);
    const naming = { target, label, crm: table.crm !== null };
    const done = resolveAttribute(entity, at, column, found, table.lookUp, issues, naming);
    if (done) resolved.push({ ...done, index });
  });
  return resolved;
}

/** `salesforce_id`: the joined record's own id, so plays can link tasks to it (ADR 0032). */
function idAttribute(
  entity: 'accounts' | 'users',
  column: TableColumn,
  name: string,
  sourceLabel: string,
  crm: boolean,
): ResolvedAttribute {
  return {
    column,
    target: name,
    targetType: 'text',
    index: -1,
    custom: {
      table: entity,
      name,
      label: `${sourceLabel} ID`,
      type: 'text',
      dataType: 'string',
      options: null,
      ...(crm ? { crm: true } : {}),
    },
  };
}

/** Who gives each segment column: the primary and each join, by source id. */
function targetsOf(entity: ResolvedEntity) {
  const parts = [
    { sourceId: entity.sourceId, path: 'attributes', attributes: entity.attributes },
    ...entity.joins.map((join) => ({
      sourceId: join.sourceId,
      path: `joins[${join.index}].attributes`,
      attributes: join.attributes,
    })),
  ];
  const byTarget = new Map<
    string,
    { sourceId: string; path: string; attribute: ResolvedAttribute }[]
  >();
  for (const part of parts)
    for (const attribute of part.attributes)
      byTarget.set(attribute.target, [
        ...(byTarget.get(attribute.target) ?? []),
        { sourceId: part.sourceId, path: `${part.path}[${attribute.index}]`, attribute },
      ]);
  return byTarget;
}

/**
 * A custom column several sources give must keep one type (it is one segment column), and a
 * precedence list may only name columns and sources of the entity.
 */
export function checkSharedTargets(
  entity: 'accounts' | 'users',
  resolved: ResolvedEntity,
  issues: FieldError[],
) {
  const byTarget = targetsOf(resolved);
  for (const [target, givers] of byTarget) {
    const first = givers[0]!.attribute;
    for (const giver of givers.slice(1))
      if (first.custom && giver.attribute.targetType !== first.targetType)
        issues.push({
          path: `${entity}.${giver.path}`,
          message: `“${target}” holds another type in another source: name one of them differently`,
        });
  }
  const sources = new Set([resolved.sourceId, ...resolved.joins.map((join) => join.sourceId)]);
  for (const [target, order] of Object.entries(resolved.precedence)) {
    const path = `${entity}.precedence.${target}`;
    if (!byTarget.has(target) && !OWNER_TARGETS.includes(target))
      issues.push({ path, message: `No source of ${entity} gives “${target}”` });
    else if (order.some((id) => !sources.has(id)))
      issues.push({ path, message: 'Name only sources of this entity' });
  }
}

/** The owner columns every CRM part gives (ADR 0032). */
export const OWNER_TARGETS = ['owner_id', 'owner_name', 'owner_email'];
