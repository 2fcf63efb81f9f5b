import { z } from 'zod';

/** Success bodies are `{ data }` (docs/architecture.md §7); the SPA unwraps `data`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
