import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`, what clients (and APP_URL) use. */
  url: string;
  /** Which backend (index into the list in use) each request went to, in order. */
  routed: number[];
  /** The backends from now on (a process's address is known once it listens). */
  setBackends: (backends: readonly string[]) => void;
  close: () => Promise<void>;
}

/**
 * A load balancer for tests, as any HTTP load balancer in front of several web processes
 * (ADR 0035): on 127.0.0.1, each request goes to the next backend in turn, its body and the
 * answer streamed through untouched (the Host header too, as a balancer that keeps it).
 * No stickiness: whatever a process keeps in memory, the next request may not find.
 * An unreachable backend answers 502; none set yet, 503.
 */
export async function startRoundRobinProxy(
  backends: readonly string[] = [],
): Promise<RoundRobinProxy> {
  let targets = backends.map((backend) => new URL(backend));
  const agent = new Agent({ keepAlive: true });
  const routed: number[] = [];
  let next = 0;
  const server: Server = createServer((request, response) => {
    if (targets.length === 0) {
      request.resume();
      response.writeHead(503).end();
      return;
    }
    const index = next % targets.length;
    next = (next + 1) % targets.length;
    routed.push(index);
    const target = targets[index]!;
    const forwarded = request.socket.remoteAddress ?? '127.0.0.1';
    const upstream = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.headers['x-forwarded-for']
            ? `${String(request.headers['x-forwarded-for'])}, ${forwarded}`
            : forwarded,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    // A client that goes away takes its upstream request with it.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    setBackends: (list) => {
      targets = list.map((backend) => new URL(backend));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
