import { Agent, request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../database/database.js';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { createTestKeys } from '../../../test/tokens.js';
import { SHUTTING_DOWN_MESSAGE } from './graceful-close.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  reusedSocket: boolean;
}

/** One GET on a keep-alive agent with a single socket, so the second call reuses the first's. */
function get(agent: Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('closing (SIGTERM) with keep-alive clients', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;
  let release: () => void;

  beforeEach(async () => {
    database = await createTestDatabase();
    const keys = await createTestKeys();
    app = await buildApp({ config: testConfig(), database, jwks: keys.jwks });
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/v1/test/slow', async () => {
      await gate;
      return { done: true };
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    release();
    await database.close();
  });

  it('answers a request on a reused idle socket with 503 and Connection: close, not a reset', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(agent, `${baseUrl}/healthz`);
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');

    const closed = app.close();
    // The client's next request goes out on the idle socket it kept, right after the signal.
    const second = await get(agent, `${baseUrl}/healthz`);
    expect(second.reusedSocket).toBe(true);
    expect(second.status).toBe(503);
    expect(second.headers.connection).toBe('close');
    expect(second.headers['retry-after']).toBe('1');
    expect(JSON.parse(second.body)).toEqual({
      error: 'service_unavailable',
      message: SHUTTING_DOWN_MESSAGE,
    });
    await closed;
    // Then nobody is listening: a new connection is refused.
    await expect(get(agent, `${baseUrl}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('finishes the in-flight request, then closes the idle sockets and exits', async () => {
    const busy = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(idle, `${baseUrl}/healthz`)).status).toBe(200);
    const slow = get(busy, `${baseUrl}/api/v1/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    let isClosed = false;
    const closed = app.close().then(() => (isClosed = true));
    const refused = await get(idle, `${baseUrl}/healthz`);
    expect(refused.status).toBe(503);
    expect(isClosed).toBe(false);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    expect(answer.headers.connection).toBe('close');
    await closed;
    busy.destroy();
    idle.destroy();
  });
});
