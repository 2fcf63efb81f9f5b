import { z } from 'zod';
import { segmentParamsSchema } from '../segments/segment-params.js';

/** Any text, like segment ids: a malformed id is a 404 like an unknown one. */
const idSchema = z.string().max(100);

export const cohortParamsSchema = z.object({ id: idSchema });
export const segmentCohortParamsSchema = segmentParamsSchema.extend({ id: idSchema });
