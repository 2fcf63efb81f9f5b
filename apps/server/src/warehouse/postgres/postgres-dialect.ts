import { commonColumnType, type Dialect } from '../engine/dialect.js';
import { quoteIdentifier, schemaNameFor } from '../engine/identifiers.js';

/** PostgreSQL: one schema per organization, so every table is schema-qualified. */
export const postgresDialect: Dialect = {
  name: 'postgres',
  table: (orgId, name) => `${quoteIdentifier(schemaNameFor(orgId))}.${quoteIdentifier(name)}`,
  binaryCollation: (expression) => `${expression} COLLATE "C"`,
  columnType: (type) => (type === 'json' ? 'JSONB' : commonColumnType(type)),
  isoTimestamp: (expression) => `to_char(${expression}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonText: (expression, keys) =>
    `jsonb_extract_path_text(CAST(${expression} AS JSONB), ${keys.map((key) => `CAST(${key} AS TEXT)`).join(', ')})`,
};
