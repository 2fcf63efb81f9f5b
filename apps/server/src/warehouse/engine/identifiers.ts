/**
 * Identifiers reach SQL only from code (the catalogue, the canonical schemas), never from
 * request input; this check makes a slip loud instead of an injection.
 */
const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function quoteIdentifier(name: string): string {
  if (!SAFE_IDENTIFIER.test(name))
    throw new Error(`Unsafe SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

const SAFE_ORG_ID = /^[A-Za-z0-9_-]{1,58}$/;

/** Organization ids name files and schemas, so only plain characters are accepted. */
export function assertOrgId(orgId: string): string {
  if (!SAFE_ORG_ID.test(orgId))
    throw new Error(`Invalid organization id: ${JSON.stringify(orgId)}`);
  return orgId;
}

/** PostgreSQL schema of an organization: `org_<uuid without dashes>`. */
export function schemaNameFor(orgId: string): string {
  return `org_${assertOrgId(orgId).replace(/-/g, '').toLowerCase()}`;
}
