import type { Dialect, SqlParams, TableSchema } from '../warehouse/index.js';
import { quoteIdentifier, EVENTS_TABLE } from '../warehouse/index.js';
import { PUBLIC_EMAIL_DOMAINS } from '../platform/auth/provisioning.js';
import type { TableColumn } from '../warehouse/index.js';
import type { ResolvedAttribute, ResolvedEntity, ResolvedMapping } from './resolve-mapping.js';
import { OWNER_TARGETS, type ResolvedJoin, type ResolvedOwner } from './resolve-joins.js';

/**
 * SELECTs giving the canonical tables (docs/architecture.md §5.1) from the landed raw tables
 * of a resolved mapping, in the canonical column order. Identifiers come only from the
 * discovered schema (resolveMapping) through `quoteIdentifier`; the one outside value, the
 * free-mail list, is bound (ADR 0019). Each SELECT reads the one before it by a name the
 * caller gives: a `__next` table when publishing, a CTE when previewing.
 */
export interface MappingSql {
  dialect: Dialect;
  orgId: string;
  params: SqlParams;
}

const column = (name: string) => `r.${quoteIdentifier(name)}`;
const asText = (expression: string) => `CAST(${expression} AS TEXT)`;

/** `www.Acme.com/x`, `https://acme.com` → `acme.com`: how domains compare (ADR 0019). */
export function normalizedDomain(expression: string): string {
  const scheme = `regexp_replace(lower(trim(${expression})), '^[a-z]+://', '')`;
  return `regexp_replace(regexp_replace(${scheme}, '^www[.]', ''), '[/:?#].*$', '')`;
}

/** The domain of an email address, lower case, without `www.`. */
export function emailDomain(expression: string): string {
  return `regexp_replace(lower(trim(split_part(${expression}, '@', 2))), '^www[.]', '')`;
}

/** One SELECT's canonical values by column name, over its FROM (and joins). */
interface RowsSource {
  from: string;
  expressions: Record<string, string>;
}

/**
 * Every canonical column of each source: its expression cast to the canonical type, or a
 * typed NULL; the sources UNION ALL-ed, then one row per id (the first in a fixed order) and
 * no row without an id.
 */
function canonicalRows(sql: MappingSql, schema: TableSchema, sources: RowsSource[]): string {
  const { dialect } = sql;
  const selects = sources.map(({ from, expressions }) => {
    const select = schema.columns.map((c) => {
      const type = dialect.columnType(c.type);
      return `CAST(${expressions[c.name] ?? 'NULL'} AS ${type}) AS ${quoteIdentifier(c.name)}`;
    });
    return `SELECT ${select.join(', ')} FROM ${from}`;
  });
  const names = schema.columns.map((c) => quoteIdentifier(c.name));
  const order = names
    .slice(1)
    .map((name) => `${dialect.binaryCollation(asText(name))} NULLS LAST`)
    .join(', ');
  return `SELECT ${names.join(', ')} FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY "id" ORDER BY ${order}) AS mapping_rank
    FROM (${selects.join(' UNION ALL ')}) mapped
    WHERE "id" IS NOT NULL) ranked
  WHERE mapping_rank = 1`;
}

/** An attribute's value in a table aliased `alias` (a JSON path's keys bound). */
function attributeValue(sql: MappingSql, alias: string, attribute: ResolvedAttribute): string {
  const value = `${alias}.${quoteIdentifier(attribute.column.name)}`;
  if (!attribute.jsonPath) return value;
  const keys = attribute.jsonPath.map((key) => sql.params.add(key));
  return sql.dialect.jsonText(value, keys);
}

/** A part of the merged entity: the primary table (`r`) or a joined one (`j0`, `j1`, …). */
interface Part {
  alias: string;
  sourceId: string;
  crm: boolean;
  attributes: ResolvedAttribute[];
  owner: ResolvedOwner | null;
}

const partsOf = (entity: ResolvedEntity): Part[] => [
  { ...entity, alias: 'r' },
  ...entity.joins.map((join) => ({ ...join, alias: `j${join.index}` })),
];

/** `LEFT JOIN` of the owners' table a part's owner column names (ADR 0032). */
function ownerJoin(sql: MappingSql, part: Part): string {
  const owners = part.owner?.table;
  if (!owners) return '';
  const alias = `${part.alias}_o`;
  const id = `${alias}.${quoteIdentifier(owners.id.name)}`;
  const named = `${part.alias}.${quoteIdentifier(part.owner!.column.name)}`;
  return ` LEFT JOIN ${sql.dialect.table(sql.orgId, owners.warehouseTable)} ${alias}
    ON ${asText(id)} = ${asText(named)}`;
}

/** The segment columns one part gives, by name: its attributes, and its owner's. */
function givenBy(sql: MappingSql, part: Part): Map<string, string> {
  const given = new Map<string, string>();
  for (const attribute of part.attributes)
    given.set(attribute.target, attributeValue(sql, part.alias, attribute));
  if (part.owner) {
    given.set('owner_id', asText(`${part.alias}.${quoteIdentifier(part.owner.column.name)}`));
    const owners = part.owner.table;
    if (owners) {
      const o = (c: TableColumn) => `${part.alias}_o.${quoteIdentifier(c.name)}`;
      given.set(
        'owner_name',
        owners.name.length === 1
          ? o(owners.name[0]!)
          : `NULLIF(trim(concat_ws(' ', ${owners.name.map(o).join(', ')})), '')`,
      );
      if (owners.email) given.set('owner_email', o(owners.email));
    }
  }
  return given;
}

/**
 * Each segment column the parts give: the first value in the entity's precedence for it
 * (source ids in order; unlisted parts after, primary first, then joins in order).
 */
function mergedExpressions(sql: MappingSql, entity: ResolvedEntity, parts: Part[]) {
  const given = parts.map((part) => ({ part, values: givenBy(sql, part) }));
  const targets = new Set(given.flatMap(({ values }) => [...values.keys()]));
  const expressions: Record<string, string> = {};
  for (const target of targets) {
    // The owner's name and email follow the owner id's order unless listed themselves.
    const order =
      entity.precedence[target] ??
      (OWNER_TARGETS.includes(target) ? entity.precedence.owner_id : undefined) ??
      [];
    const rank = (sourceId: string) => {
      const at = order.indexOf(sourceId);
      return at === -1 ? order.length : at;
    };
    const values = given
      .filter(({ values }) => values.has(target))
      .sort((a, b) => rank(a.part.sourceId) - rank(b.part.sourceId))
      .map(({ values }) => values.get(target)!);
    expressions[target] = values.length === 1 ? values[0]! : `COALESCE(${values.join(', ')})`;
  }
  return expressions;
}

/** How a match compares: a normalised domain, a lower-case email, or the text as it is. */
function matchKey(kind: ResolvedJoin['match']['kind'], expression: string, emailDomainOf = false) {
  if (kind === 'domain')
    return `NULLIF(${emailDomainOf ? emailDomain(expression) : normalizedDomain(expression)}, '')`;
  if (kind === 'email') return `NULLIF(lower(trim(${expression})), '')`;
  return `NULLIF(${asText(expression)}, '')`;
}

/** The primary's key for a join, over the primary table aliased `alias`. */
export const primaryKeyOf = (join: ResolvedJoin, alias: string) =>
  matchKey(
    join.match.kind,
    `${alias}.${quoteIdentifier(join.match.primary.name)}`,
    join.match.primaryAsEmailDomain,
  );
/** The joined table's key, over it aliased `alias`. */
export const joinedKeyOf = (join: ResolvedJoin, alias: string) =>
  matchKey(join.match.kind, `${alias}.${quoteIdentifier(join.match.column.name)}`);

/**
 * The one joined row per key a primary row takes (ADR 0032): of several with one key, the
 * most recently modified, then the smallest id.
 */
export function bestMatches(sql: MappingSql, join: ResolvedJoin): string {
  const order = [
    join.modifiedAt && `x.${quoteIdentifier(join.modifiedAt.name)} DESC NULLS LAST`,
    join.id && `${sql.dialect.binaryCollation(asText(`x.${quoteIdentifier(join.id.name)}`))}`,
    // Without either, any fixed order: the row's label, then its key.
    join.label && `${sql.dialect.binaryCollation(asText(`x.${quoteIdentifier(join.label.name)}`))}`,
  ].filter(Boolean);
  const key = joinedKeyOf(join, 'x');
  return `(SELECT * FROM (SELECT x.*, ${key} AS revlane_key,
      ROW_NUMBER() OVER (PARTITION BY ${key} ORDER BY ${[...order, '1'].join(', ')}) AS revlane_rank
    FROM ${sql.dialect.table(sql.orgId, join.warehouseTable)} x) keyed
    WHERE revlane_key IS NOT NULL AND revlane_rank = 1)`;
}

/** Joined rows matching no primary row (a CRM-only account, ADR 0032): every one of them. */
export function unmatchedCondition(sql: MappingSql, entity: ResolvedEntity, join: ResolvedJoin) {
  const primary = sql.dialect.table(sql.orgId, entity.warehouseTable);
  return `NOT EXISTS (SELECT 1 FROM ${primary} p
    WHERE ${primaryKeyOf(join, 'p')} = ${joinedKeyOf(join, `j${join.index}`)})`;
}

const anyMatched = (joins: ResolvedJoin[]) =>
  joins.length === 0
    ? 'FALSE'
    : `(${joins.map((join) => `j${join.index}.revlane_key IS NOT NULL`).join(' OR ')})`;

/**
 * The rows of a merged entity (ADR 0032): each primary row with its best match in every
 * joined table (values merged by precedence), then each joined table's rows matching no
 * primary row as records of their own, their ids prefixed (`salesforce:001…`).
 */
function mergedRows(
  sql: MappingSql,
  entity: ResolvedEntity,
  primaryExpressions: Record<string, string>,
  primaryJoins: string,
  joinedOnly: (join: ResolvedJoin, alias: string) => Record<string, string>,
): RowsSource[] {
  const parts = partsOf(entity);
  const table = (name: string) => sql.dialect.table(sql.orgId, name);
  const joins = entity.joins
    .map(
      (join) =>
        ` LEFT JOIN ${bestMatches(sql, join)} j${join.index}
          ON j${join.index}.revlane_key = ${primaryKeyOf(join, 'r')}`,
    )
    .join('');
  const product: RowsSource = {
    from: `${table(entity.warehouseTable)} r${joins}${parts.map((p) => ownerJoin(sql, p)).join('')}${primaryJoins}`,
    expressions: {
      ...mergedExpressions(sql, entity, parts),
      ...primaryExpressions,
      in_product: entity.crm ? anyMatched(entity.joins.filter((j) => !j.crm)) : 'TRUE',
      in_crm: entity.crm ? 'TRUE' : anyMatched(entity.joins.filter((j) => j.crm)),
    },
  };
  const unmatched = entity.joins.map((join): RowsSource => {
    const part = { ...join, alias: `j${join.index}` };
    const key = joinedKeyOf(join, part.alias);
    const id = join.id ? asText(`${part.alias}.${quoteIdentifier(join.id.name)}`) : key;
    return {
      from: `${table(join.warehouseTable)} ${part.alias}${ownerJoin(sql, part)}
        WHERE ${unmatchedCondition(sql, entity, join)}`,
      expressions: {
        ...Object.fromEntries(givenBy(sql, part)),
        ...joinedOnly(join, part.alias),
        id: `${asText(sql.params.add(`${join.prefix}:`))} || ${id}`,
        ...(join.label ? { name: `${part.alias}.${quoteIdentifier(join.label.name)}` } : {}),
        in_product: join.crm ? 'FALSE' : 'TRUE',
        in_crm: join.crm ? 'TRUE' : 'FALSE',
      },
    };
  });
  return [product, ...unmatched];
}

export function accountsSelect(sql: MappingSql, mapping: ResolvedMapping): string {
  const { columns } = mapping.accounts;
  const expressions: Record<string, string> = { id: asText(column(columns.id!.name)) };
  if (columns.name) expressions.name = column(columns.name.name);
  if (columns.domain) {
    expressions.domain = `NULLIF(${normalizedDomain(column(columns.domain.name))}, '')`;
    expressions.website = column(columns.domain.name);
  }
  // A CRM-only account matched by domain keeps the domain it was looked up by.
  const joinedOnly = (join: ResolvedJoin, alias: string): Record<string, string> =>
    join.match.kind === 'domain'
      ? {
          domain: joinedKeyOf(join, alias),
          website: `${alias}.${quoteIdentifier(join.match.column.name)}`,
        }
      : {};
  // Custom attributes are extra columns of the canonical table (ADR 0026).
  const schema = mapping.catalogue.canonicalSchema('accounts');
  return canonicalRows(sql, schema, mergedRows(sql, mapping.accounts, expressions, '', joinedOnly));
}

/**
 * Users, each with the account it belongs to: by the mapped account id when there is one,
 * else by the email's domain against the accounts' domains (free-mail domains never match;
 * of several accounts with one domain the smallest id wins). An account id that names no
 * account is left blank. Users only a joined table holds have no account.
 */
export function usersSelect(sql: MappingSql, mapping: ResolvedMapping, accounts: string): string {
  const { columns } = mapping.users;
  const expressions: Record<string, string> = { id: asText(column(columns.id!.name)) };
  if (columns.email) expressions.email = column(columns.email.name);
  if (columns.name) expressions.name = column(columns.name.name);
  let joins = '';
  if (columns.accountId) {
    joins = ` LEFT JOIN ${accounts} a ON a.id = ${asText(column(columns.accountId.name))}`;
    expressions.account_id = 'a.id';
  } else if (columns.email && mapping.accounts.columns.domain) {
    const free = PUBLIC_EMAIL_DOMAINS.map((domain) => sql.params.add(domain)).join(', ');
    const domain = emailDomain(column(columns.email.name));
    joins = ` LEFT JOIN (SELECT domain, MIN(id) AS id FROM ${accounts}
        WHERE domain IS NOT NULL GROUP BY domain) a
      ON a.domain = ${domain} AND ${domain} NOT IN (${free})`;
    expressions.account_id = 'a.id';
  }
  const joinedOnly = (join: ResolvedJoin, alias: string): Record<string, string> =>
    join.match.kind === 'email'
      ? { email: `${alias}.${quoteIdentifier(join.match.column.name)}` }
      : {};
  const schema = mapping.catalogue.canonicalSchema('users');
  return canonicalRows(sql, schema, mergedRows(sql, mapping.users, expressions, joins, joinedOnly));
}

/** Events of known users, each with its user's account. */
export function eventsSelect(sql: MappingSql, mapping: ResolvedMapping, users: string): string {
  const { columns, warehouseTable } = mapping.events!;
  const { dialect } = sql;
  const select = EVENTS_TABLE.columns.map((c) => {
    const expression = {
      user_id: 'u.id',
      account_id: 'u.account_id',
      name: column(columns.name!.name),
      occurred_at: column(columns.occurredAt!.name),
    }[c.name as string];
    return `CAST(${expression ?? 'NULL'} AS ${dialect.columnType(c.type)}) AS ${quoteIdentifier(c.name)}`;
  });
  return `SELECT ${select.join(', ')}
    FROM ${dialect.table(sql.orgId, warehouseTable)} r
    JOIN ${users} u ON u.id = ${asText(column(columns.userId!.name))}`;
}
