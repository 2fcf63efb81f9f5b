import type { CompiledQuery } from './warehouse.js';

type ParamValue = CompiledQuery['params'][number];

/**
 * Collects bound values and hands out their `$n` placeholders (the same syntax on DuckDB
 * and PostgreSQL). Every value from outside the code reaches SQL through here.
 */
export class SqlParams {
  private readonly values: ParamValue[] = [];

  add(value: ParamValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A copy, so one builder can seal several queries that share a prefix of values. */
  list(): ParamValue[] {
    return [...this.values];
  }
}
