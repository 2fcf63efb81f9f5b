import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackPost {
  channel: string;
  text: string;
  blocks: { type: string; text?: { text: string } }[];
  key: string | undefined;
}

/**
 * A local Slack Web API (`chat.postMessage` only): answers the scripted responses first
 * (429 with Retry-After, an error code), then accepts. `received` is what a channel would
 * show: one message per idempotency key; `posts` counts every request.
 */
export async function startSlackFake() {
  const script: ({ status: 429; retryAfter: number } | { error: string })[] = [];
  const posts: SlackPost[] = [];
  const received: SlackPost[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as Omit<SlackPost, 'key'> & {
        metadata?: { event_payload?: { idempotency_key?: string } };
      };
      const post = { ...payload, key: payload.metadata?.event_payload?.idempotency_key };
      posts.push(post);
      const next = script.shift();
      if (next && 'status' in next) {
        response.writeHead(429, { 'retry-after': String(next.retryAfter) }).end();
        return;
      }
      const json = next ? { ok: false, error: next.error } : { ok: true, ts: String(posts.length) };
      if (!next && !received.some((seen) => seen.key && seen.key === post.key)) received.push(post);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    script,
    posts,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
