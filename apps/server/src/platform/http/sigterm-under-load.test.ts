import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataDir, type SeededDataDir } from '../../../test/seeded-data-dir.js';
import {
  listeningUrl,
  startServer,
  waitFor,
  type ServerProcess,
} from '../../../test/server-process.js';

const CLIENTS = 24;
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Load before the signal (at least); the clients then go on until the port refuses them. */
const LOAD_BEFORE_SIGNAL_MS = 1_500;

interface Outcome {
  route: string;
  sentAt: number;
  doneAt: number;
  status?: number;
  connection?: string;
  /** The whole body parsed as JSON (a half-sent answer would not parse). */
  isWhole?: boolean;
  error?: string;
}

/** One request on the keep-alive agent; never throws, the outcome says what happened. */
function send(agent: Agent, url: string, token: string): Promise<Outcome> {
  const sentAt = performance.now();
  const route = new URL(url).pathname;
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ route, sentAt, doneAt: performance.now(), error: error.code ?? error.message }),
      );
      res.on('end', () => {
        let isWhole = true;
        try {
          JSON.parse(body);
        } catch {
          isWhole = false;
        }
        resolve({
          route,
          sentAt,
          doneAt: performance.now(),
          status: res.statusCode,
          connection: String(res.headers.connection ?? ''),
          isWhole: isWhole && res.complete,
        });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ route, sentAt, doneAt: performance.now(), error: error.code ?? error.message }),
    );
    req.end();
  });
}

/**
 * Faults suite (docs/architecture.md §9): the server CLI under keep-alive load on the segment
 * data endpoint and `users/me` receives SIGTERM. Requests in flight finish; every later
 * request gets a whole 503 with `Connection: close`, or a refused connection once the port is
 * closed; nothing is reset, no other 5xx; the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
describe('SIGTERM under load', () => {
  let seeded: SeededDataDir;
  beforeAll(async () => {
    seeded = await seedDataDir('sigterm');
  }, 120_000);
  afterAll(() => seeded?.close());

  it('answers 503 (Connection: close) or refuses after the signal, resets nothing, exits 0 in time', async () => {
    const server: ServerProcess = startServer({
      ...seeded.env,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    try {
      const base = await listeningUrl(server);
      const headers = { authorization: `Bearer ${seeded.token}` };
      const me = await fetch(`${base}/user/api/v1/users/me`, { headers });
      expect(me.status).toBe(200);
      const list = await fetch(`${base}/live-ops/api/v1/segments/me`, { headers });
      const segments = ((await list.json()) as { data: { id: string; name: string }[] }).data;
      const segmentId = segments.find((segment) => segment.name === 'All accounts')!.id;
      const urls = [
        `${base}/live-ops/api/v1/segments/${segmentId}/data`,
        `${base}/user/api/v1/users/me`,
      ];
      expect((await fetch(urls[0]!, { headers })).status).toBe(200);

      const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
      const outcomes: Outcome[] = [];
      let hasExited = false;
      void server.exited.then(() => (hasExited = true));
      const client = async (index: number) => {
        // Bounded: a client stops at the first refusal, or once the process is gone.
        for (let n = index; n < 100_000 && !hasExited; n += 1) {
          const outcome = await send(agent, urls[n % 2]!, seeded.token);
          outcomes.push(outcome);
          if (outcome.error === 'ECONNREFUSED') return;
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
      // Under way: every client has had answers (a loaded machine may need longer than that).
      await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGNAL_MS));
      await waitFor(() => (outcomes.length >= 2 * CLIENTS ? true : undefined), 30_000);
      const signalAt = performance.now();
      // Twice, as `npm start`'s process group gets it: the group's signal and the one
      // scripts/start.mjs forwards. The server drains all the same.
      server.child.kill('SIGTERM');
      setTimeout(() => server.child.kill('SIGINT'), 50);
      const code = await server.exited;
      const exitMs = performance.now() - signalAt;
      await Promise.all(clients);
      agent.destroy();

      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5_000);

      const before = outcomes.filter((o) => o.doneAt < signalAt);
      const after = outcomes.filter((o) => o.doneAt >= signalAt);
      expect(before.length).toBeGreaterThan(CLIENTS);
      expect(before.filter((o) => o.status !== 200)).toEqual([]);
      // Never a reset, a hang-up or a 5xx other than 503; every answer whole.
      const broken = after.filter(
        (o) =>
          (o.error !== undefined && o.error !== 'ECONNREFUSED') ||
          (o.status !== undefined && ![200, 503].includes(o.status)) ||
          (o.status !== undefined && !o.isWhole),
      );
      expect(broken).toEqual([]);
      const refusals = after.filter((o) => o.status === 503);
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals.every((o) => o.connection === 'close')).toBe(true);
      // Once the server answered 503, no request sent later was run (answered 200).
      const firstRefusal = Math.min(...refusals.map((o) => o.doneAt));
      expect(after.filter((o) => o.status === 200 && o.sentAt > firstRefusal)).toEqual([]);
      console.info(
        `SIGTERM under load: ${outcomes.length} requests, ${refusals.length} × 503, ` +
          `${after.filter((o) => o.error === 'ECONNREFUSED').length} refused, ` +
          `${after.filter((o) => o.status === 200).length} in flight finished, exit in ${Math.round(exitMs)} ms`,
      );
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 120_000);
});
