import { describe, expect, it } from 'vitest';
import { isWarehouseOutOfMemory } from './out-of-memory.js';

describe('isWarehouseOutOfMemory', () => {
  it('recognises DuckDB’s memory limit and PostgreSQL’s SQLSTATE 53200, nothing else', () => {
    const postgres = Object.assign(new Error('out of memory'), { code: '53200' });
    const duckdb = new Error('Out of Memory Error: could not allocate block of size 256.0 KiB');
    const other = Object.assign(new Error('relation does not exist'), { code: '42P01' });
    expect(
      [duckdb, postgres, other, 'Out of Memory Error', null].map(isWarehouseOutOfMemory),
    ).toEqual([true, true, false, false, false]);
  });
});
