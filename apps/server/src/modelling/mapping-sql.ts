import type { Dialect, SqlParams, TableSchema } from '../warehouse/index.js';
import { quoteIdentifier, EVENTS_TABLE } from '../warehouse/index.js';
import { PUBLIC_EMAIL_DOMAINS } from '../platform/auth/provisioning.js';
import type { ResolvedEntity, ResolvedMapping } from './resolve-mapping.js';

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

/**
 * Every canonical column: its role or attribute column cast to the canonical type, or a
 * typed NULL; then one row per id (the first in a fixed order) and no row without an id.
 */
function canonicalRows(
  sql: MappingSql,
  schema: TableSchema,
  entity: ResolvedEntity,
  expressions: Record<string, string>,
  joins = '',
): string {
  const { dialect } = sql;
  for (const attribute of entity.attributes) {
    const value = column(attribute.column.name);
    // A path inside a JSON column: its keys are bound, never spliced.
    expressions[attribute.target] = attribute.jsonPath
      ? dialect.jsonText(
          value,
          attribute.jsonPath.map((key) => sql.params.add(key)),
        )
      : value;
  }
  const select = schema.columns.map((c) => {
    const type = dialect.columnType(c.type);
    const expression = expressions[c.name] ?? 'NULL';
    return `CAST(${expression} AS ${type}) AS ${quoteIdentifier(c.name)}`;
  });
  const names = schema.columns.map((c) => quoteIdentifier(c.name));
  const order = names
    .slice(1)
    .map((name) => `${dialect.binaryCollation(asText(name))} NULLS LAST`)
    .join(', ');
  return `SELECT ${names.join(', ')} FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY "id" ORDER BY ${order}) AS mapping_rank
    FROM (SELECT ${select.join(', ')}
      FROM ${dialect.table(sql.orgId, entity.warehouseTable)} r ${joins}) mapped
    WHERE "id" IS NOT NULL) ranked
  WHERE mapping_rank = 1`;
}

export function accountsSelect(sql: MappingSql, mapping: ResolvedMapping): string {
  const { columns } = mapping.accounts;
  const expressions: Record<string, string> = { id: asText(column(columns.id!.name)) };
  if (columns.name) expressions.name = column(columns.name.name);
  if (columns.domain) {
    expressions.domain = `NULLIF(${normalizedDomain(column(columns.domain.name))}, '')`;
    expressions.website = column(columns.domain.name);
  }
  // Custom attributes are extra columns of the canonical table (ADR 0026).
  const schema = mapping.catalogue.canonicalSchema('accounts');
  return canonicalRows(sql, schema, mapping.accounts, expressions);
}

/**
 * Users, each with the account it belongs to: by the mapped account id when there is one,
 * else by the email's domain against the accounts' domains (free-mail domains never match;
 * of several accounts with one domain the smallest id wins). An account id that names no
 * account is left blank.
 */
export function usersSelect(sql: MappingSql, mapping: ResolvedMapping, accounts: string): string {
  const { columns } = mapping.users;
  const expressions: Record<string, string> = { id: asText(column(columns.id!.name)) };
  if (columns.email) expressions.email = column(columns.email.name);
  if (columns.name) expressions.name = column(columns.name.name);
  let joins = '';
  if (columns.accountId) {
    joins = `LEFT JOIN ${accounts} a ON a.id = ${asText(column(columns.accountId.name))}`;
    expressions.account_id = 'a.id';
  } else if (columns.email && mapping.accounts.columns.domain) {
    const free = PUBLIC_EMAIL_DOMAINS.map((domain) => sql.params.add(domain)).join(', ');
    const domain = emailDomain(column(columns.email.name));
    joins = `LEFT JOIN (SELECT domain, MIN(id) AS id FROM ${accounts}
        WHERE domain IS NOT NULL GROUP BY domain) a
      ON a.domain = ${domain} AND ${domain} NOT IN (${free})`;
    expressions.account_id = 'a.id';
  }
  const schema = mapping.catalogue.canonicalSchema('users');
  return canonicalRows(sql, schema, mapping.users, expressions, joins);
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
