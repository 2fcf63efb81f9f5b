import { commonColumnType, type Dialect } from '../engine/dialect.js';
import { assertOrgId, quoteIdentifier } from '../engine/identifiers.js';

/** `2024-05-01T12:00:00.000Z`: exports' timestamps (strftime, and COPY's TIMESTAMPFORMAT). */
export const ISO_TIMESTAMP_FORMAT = '%Y-%m-%dT%H:%M:%S.%gZ';

/** DuckDB: one database file per organization, so tables need no qualification. */
export const duckdbDialect: Dialect = {
  name: 'duckdb',
  table: (orgId, name) => {
    assertOrgId(orgId);
    return quoteIdentifier(name);
  },
  // DuckDB's default collation is already binary.
  binaryCollation: (expression) => expression,
  columnType: (type) => (type === 'json' ? 'JSON' : commonColumnType(type)),
  isoTimestamp: (expression) => `strftime(${expression}, '${ISO_TIMESTAMP_FORMAT}')`,
  // A JSON pointer, `/meta/tier`: its keys are plain (the mapping allows no `/` or `~`).
  jsonText: (expression, keys) =>
    `json_extract_string(${expression}, ${keys.map((key) => `'/' || ${key}`).join(' || ')})`,
};
