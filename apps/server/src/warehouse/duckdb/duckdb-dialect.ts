import { COMMON_COLUMN_TYPES, type Dialect } from '../engine/dialect.js';
import { assertOrgId, quoteIdentifier } from '../engine/identifiers.js';

/** DuckDB: one database file per organization, so tables need no qualification. */
export const duckdbDialect: Dialect = {
  name: 'duckdb',
  table: (orgId, name) => {
    assertOrgId(orgId);
    return quoteIdentifier(name);
  },
  // DuckDB's default collation is already binary.
  binaryCollation: (expression) => expression,
  columnType: (type) => (type === 'json' ? 'JSON' : COMMON_COLUMN_TYPES[type]),
  isoTimestamp: (expression) => `strftime(${expression}, '%Y-%m-%dT%H:%M:%S.%gZ')`,
};
