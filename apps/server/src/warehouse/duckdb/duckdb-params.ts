import { DOUBLE, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { CompiledQuery } from '../engine/warehouse.js';

/** Bound values as the DuckDB driver takes them (our values are already DuckDB values). */
export const params = (query: CompiledQuery) => query.params as DuckDBValue[];

/**
 * The driver infers BIGINT for an integral JS number and fails beyond int64 (1e19 is a
 * valid filter value): such numbers are bound as DOUBLE, as the SQL casts them anyway.
 */
export const types = (query: CompiledQuery) =>
  query.params.map((value) =>
    typeof value === 'number' && !Number.isSafeInteger(value) ? DOUBLE : undefined,
  ) as DuckDBType[];
