/**
 * Regroups streamed chunks into batches of `size` items, so callers get the batch size they
 * asked for whatever fetch size the engine uses; holds at most one batch.
 */
export async function* rebatch<T>(chunks: AsyncIterable<T[]>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const chunk of chunks) {
    for (const item of chunk) {
      batch.push(item);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
