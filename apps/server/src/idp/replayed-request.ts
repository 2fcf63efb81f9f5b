import type { IncomingMessage } from 'node:http';

/**
 * A view of an already-read request that the provider can read its body from again.
 * oidc-provider reads bodies itself and insists on an unread stream; when Fastify had to read
 * the body first (JSON token requests), the provider gets this stand-in: the original request
 * for everything (headers, socket, url) except the body, which is replayed from memory.
 */
export function replayRequest(
  raw: IncomingMessage,
  body: Buffer,
  contentType: string,
): IncomingMessage {
  const headers = {
    ...raw.headers,
    'content-type': contentType,
    'content-length': String(body.length),
  };
  delete headers['transfer-encoding'];
  return Object.create(raw, {
    headers: { value: headers, enumerable: true },
    readable: { value: true },
    readableEncoding: { value: null },
    iterator: {
      value: async function* replay() {
        await Promise.resolve();
        yield body;
      },
    },
  }) as IncomingMessage;
}

/**
 * Auth0 accepts token requests as JSON as well as forms (docs/product.md §7: "sent as JSON or as a
 * form"); oidc-provider only reads forms, so JSON objects are re-encoded as one.
 */
export function jsonToForm(json: Buffer): Buffer | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return Buffer.from(form.toString());
}
