import { z } from 'zod';

/** Any text: a malformed id is a 404 like an unknown one. */
const idSchema = z.string().max(100);

export const playParamsSchema = z.object({ id: idSchema });
export const playRunParamsSchema = playParamsSchema.extend({ runId: idSchema });
