import type { DuckDBConnection } from '@duckdb/node-api';
import type { CompiledQuery } from '../engine/warehouse.js';
import { ISO_TIMESTAMP_FORMAT } from './duckdb-dialect.js';
import { params, types } from './duckdb-params.js';
import { openNamedPipe } from './named-pipe.js';

/**
 * DuckDB writes the CSV itself (`COPY … TO`, several times faster than formatting rows in
 * JS) into a named pipe that this process reads as DuckDB writes: nothing lands on disk and
 * memory stays at the pipe's buffer. `USE_TMP_FILE false`: DuckDB would otherwise write
 * beside an existing target and rename over it, i.e. around the pipe. Timestamps the query
 * leaves typed (compiler/csv-columns.ts) are printed in ISO 8601 like PostgreSQL's export.
 */
export async function* copyToCsv(
  connection: DuckDBConnection,
  query: CompiledQuery,
): AsyncGenerator<Buffer> {
  const pipe = await openNamedPipe();
  const target = pipe.path.replace(/'/g, "''");
  const copy = connection
    .run(
      `COPY (${query.sql}) TO '${target}' (FORMAT csv, HEADER false, NEW_LINE '\r\n', ` +
        `TIMESTAMPFORMAT '${ISO_TIMESTAMP_FORMAT}', USE_TMP_FILE false)`,
      params(query),
      types(query),
    )
    // DuckDB has closed its end (or never opened it): let the reader see end-of-file.
    .finally(() => pipe.endWrites());
  // Awaited once the pipe ends; until then a failure must not count as unhandled.
  copy.catch(() => undefined);
  let finished = false;
  try {
    for await (const chunk of pipe.output.iterator({ destroyOnReturn: false })) {
      yield chunk as Buffer;
    }
    await copy;
    finished = true;
  } finally {
    if (!finished) {
      // The consumer stopped (or COPY failed): stop DuckDB, and keep draining the pipe so
      // neither its open nor a write can block while it notices.
      connection.interrupt();
      pipe.output.resume();
      await copy.catch(() => undefined);
    }
    await pipe.remove();
  }
}
