import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { CompiledQuery } from '../engine/warehouse.js';
import { ISO_TIMESTAMP_FORMAT } from './duckdb-dialect.js';
import { params, types } from './duckdb-params.js';
import { readWhileWritten } from './growing-file.js';

/**
 * DuckDB writes the CSV itself (`COPY … TO`, several times faster than formatting rows in
 * JS) into a private temp file that is streamed while it is written and deleted however the
 * consumer stops. Memory stays at one read buffer; the disk holds the file until then.
 *
 * Not a named pipe, though that would avoid the file: the driver runs a query on a libuv
 * worker thread, and a COPY blocked on a full pipe would hold that thread for as long as
 * the client takes to download (a paused browser download: indefinitely) — four of them
 * and every DuckDB query of the process waits. Into a file, COPY runs at full speed.
 *
 * `USE_TMP_FILE false`: DuckDB would otherwise write beside an existing target and rename
 * it over, away from the reader. Timestamps the query leaves typed
 * (compiler/csv-columns.ts) are printed in ISO 8601, as PostgreSQL's export prints them.
 */
export async function* copyToCsv(
  connection: DuckDBConnection,
  query: CompiledQuery,
): AsyncGenerator<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'revlane-export-'));
  const file = path.join(directory, 'rows.csv');
  let finished = false;
  let copy: Promise<unknown> | null = null;
  try {
    await writeFile(file, '', { mode: 0o600 });
    copy = connection.run(
      `COPY (${query.sql}) TO '${file.replace(/'/g, "''")}' (FORMAT csv, HEADER false, ` +
        `NEW_LINE '\r\n', TIMESTAMPFORMAT '${ISO_TIMESTAMP_FORMAT}', USE_TMP_FILE false)`,
      params(query),
      types(query),
    );
    yield* readWhileWritten(file, copy);
    finished = true;
  } finally {
    if (!finished && copy) {
      // The consumer stopped (or COPY failed): stop DuckDB before deleting its file.
      connection.interrupt();
      await copy.catch(() => undefined);
    }
    await rm(directory, { recursive: true, force: true });
  }
}
