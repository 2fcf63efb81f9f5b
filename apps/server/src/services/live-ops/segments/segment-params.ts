import { z } from 'zod';

/** Any text: a malformed id is a 404 like an unknown one, never a 400 that confirms a shape. */
export const segmentParamsSchema = z.object({ segmentId: z.string().max(100) });
