import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function readBody(body: BodyInit | null | undefined): Promise<unknown> {
  if (body === null || body === undefined) return undefined;
  const text = await new Response(body).text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces `fetch` (the network boundary) with `handler` and records every request in the
 * form tests assert on. Accepts both `fetch(url, init)` and `fetch(new Request(...))`.
 */
export function stubFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const recorded: RecordedRequest = {
      url: input instanceof Request ? input.url : input instanceof URL ? input.href : input,
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers ?? request?.headers),
      credentials: init?.credentials ?? request?.credentials,
      body: await readBody(init?.body ?? (request ? await request.clone().text() : undefined)),
    };
    requests.push(recorded);
    return handler(recorded);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}
