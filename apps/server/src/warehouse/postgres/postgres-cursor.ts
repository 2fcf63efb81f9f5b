import type pg from 'pg';
import type { CompiledQuery, WarehouseRow } from '../engine/warehouse.js';

/**
 * Streams a query through a server-side cursor: `FETCH n` at a time on one connection, so
 * memory stays at one batch however many rows the query returns.
 */
export async function* streamWithCursor(
  pool: pg.Pool,
  query: CompiledQuery,
  batchSize: number,
): AsyncGenerator<WarehouseRow[]> {
  const fetchSize = Math.max(1, Math.min(100_000, Math.floor(batchSize)));
  const client = await pool.connect();
  let finished = false;
  let broken = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query({
      text: `DECLARE warehouse_stream NO SCROLL CURSOR FOR ${query.sql}`,
      values: [...query.params],
    });
    for (;;) {
      const { rows } = await client.query<WarehouseRow>(`FETCH ${fetchSize} FROM warehouse_stream`);
      if (rows.length === 0) break;
      yield rows;
    }
    await client.query('COMMIT');
    finished = true;
  } finally {
    // A consumer that stops early (or an error) leaves the transaction open: end it.
    if (!finished) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
    }
    // A connection that could not roll back is discarded rather than reused.
    client.release(broken);
  }
}
