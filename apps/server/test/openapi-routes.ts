import type { FastifyInstance } from 'fastify';
import { SERVICES } from '../src/services/index.js';

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  default?: unknown;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One operation of one service's published OpenAPI document, with its full URL template. */
export interface RouteOperation {
  service: string;
  method: string;
  /** The mount and the document's path, e.g. `/live-ops/api/v1/segments/{segmentId}`. */
  template: string;
  /** The path as the service's document names it, e.g. `/segments/{segmentId}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** `security: []` in the document: served without a token. */
  isPublic: boolean;
  jsonBody?: JsonSchema;
  multipart: boolean;
}

/**
 * Every operation of the six services, read from the documents they publish
 * (docs/architecture.md §7), so suites built on it cover new routes without being edited.
 */
export async function listRouteOperations(app: FastifyInstance): Promise<RouteOperation[]> {
  const operations: RouteOperation[] = [];
  for (const service of SERVICES) {
    const response = await app.inject({ method: 'GET', url: `${service.mount}/docs/json` });
    const paths = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>()
      .paths;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = operation.parameters ?? [];
        const content = operation.requestBody?.content ?? {};
        operations.push({
          service: service.name,
          method: method.toUpperCase(),
          template: `${service.mount}${path}`,
          path,
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          isPublic: Array.isArray(operation.security) && operation.security.length === 0,
          jsonBody: content['application/json']?.schema,
          multipart: 'multipart/form-data' in content,
        });
      }
    }
  }
  return operations;
}

/** `METHOD template`, the name a suite reports an operation by. */
export const operationName = (operation: RouteOperation) =>
  `${operation.method} ${operation.template}`;

/**
 * The template with each `{param}` replaced by `valueOf(param, collection)`, where the
 * collection is the path segment before it (`sources/{id}` → `sources`): `{id}` names a
 * different kind of record under each collection.
 */
export function fillTemplate(
  operation: Pick<RouteOperation, 'template' | 'path'>,
  valueOf: (param: string, collection: string) => string,
): string {
  const mount = operation.template.slice(0, -operation.path.length);
  const segments = operation.path.split('/');
  return segments
    .map((segment, index) => {
      const match = /^\{(.+)\}$/.exec(segment);
      return match ? encodeURIComponent(valueOf(match[1]!, segments[index - 1] ?? '')) : segment;
    })
    .join('/')
    .replace(/^/, mount);
}

/** The `collection/{param}` keys of an operation's path parameters (`/{userId}` at the root). */
export function parameterKeys(operation: RouteOperation): string[] {
  const segments = operation.path.split('/');
  return segments.flatMap((segment, index) => {
    const match = /^\{(.+)\}$/.exec(segment);
    return match ? [`${segments[index - 1] ?? ''}/{${match[1]}}`] : [];
  });
}
