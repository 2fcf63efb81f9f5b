/** PostgreSQL's SQLSTATE for "out of memory". */
const POSTGRES_OUT_OF_MEMORY = '53200';

/**
 * Whether a warehouse error means the query needed more memory than the engine may use:
 * DuckDB's `memory_limit` ("Out of Memory Error: …") or PostgreSQL's SQLSTATE 53200. Such a
 * query is too large for its request, not a fault of the server.
 */
export function isWarehouseOutOfMemory(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message.startsWith('Out of Memory Error')) return true;
  return (error as Error & { code?: unknown }).code === POSTGRES_OUT_OF_MEMORY;
}
