import type { FastifyRequest } from 'fastify';
import type { FieldError } from '@revlane/contracts';
import { z } from 'zod';

/** Request parts a route schema may validate, with the prefix the client sees in `path`. */
const PARTS = [
  { schemaKey: 'params', requestKey: 'params', prefix: 'params' },
  { schemaKey: 'querystring', requestKey: 'query', prefix: 'query' },
  { schemaKey: 'body', requestKey: 'body', prefix: 'body' },
  { schemaKey: 'headers', requestKey: 'headers', prefix: 'headers' },
] as const;

/**
 * Fastify stops validating at the first failing part (params, then body, then query), but
 * the client should learn about every bad field at once (docs/architecture.md §7). So on a validation
 * failure we re-check every part of the request against the route's zod schemas.
 */
export function collectValidationErrors(request: FastifyRequest): FieldError[] {
  const schemas = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const part of PARTS) {
    const schema = schemas[part.schemaKey];
    if (!(schema instanceof z.ZodType)) continue;
    const value: unknown = request[part.requestKey];
    const result = schema.safeParse(value === undefined ? null : value);
    if (!result.success)
      errors.push(...result.error.issues.flatMap((issue) => toFieldErrors(part.prefix, issue)));
  }
  return errors;
}

function toFieldErrors(prefix: string, issue: z.core.$ZodIssue): FieldError[] {
  const base = [prefix, ...issue.path.map(String)].join('.');
  // One entry per unknown key, so the client can point at each offending field.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: `${base}.${key}`, message: 'Unknown field' }));
  }
  return [{ path: base, message: issue.message }];
}

/** A readable one-liner for the envelope's message; `errors` keeps the full list. */
export function summarize(errors: FieldError[]): string {
  const [first] = errors;
  if (!first) return 'The request is invalid';
  const more = errors.length > 1 ? ` and ${errors.length - 1} more problem(s)` : '';
  return `${first.message} (${first.path})${more}`;
}
