import type { JsonSchema } from './openapi-routes.js';

/**
 * Values for fields whose format the published schema cannot express (zod refinements such
 * as an ISO day), by field name.
 */
export const KNOWN_FIELD_VALUES: Record<string, unknown> = {
  from: '2024-01-01',
  to: '2024-02-01',
  since: '2024-01-01T00:00:00.000Z',
};

/**
 * A small valid instance of a JSON schema (required properties, or the first one of an
 * object that requires none, as a PATCH must change something; the first enum/union member),
 * so a suite can send a body the route accepts and reach its ownership check rather than
 * stop at validation.
 */
export function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (name in KNOWN_FIELD_VALUES) return KNOWN_FIELD_VALUES[name];
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return sampleOf(union.find((member) => member.type !== 'null') ?? union[0], name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.keys(schema.properties ?? {});
      const required = schema.required?.length ? schema.required : properties.slice(0, 1);
      return Object.fromEntries(
        required.map((key) => [key, sampleOf(schema.properties?.[key], key)]),
      );
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return {};
  }
}
