import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@revlane/contracts';

/**
 * How long idle keep-alive connections stay open once the in-flight requests are done, so a
 * client that is sending on one right then gets a 503 rather than a reset connection.
 */
export const IDLE_CLOSE_GRACE_MS = 250;

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting; please try again in a moment';

/**
 * SIGTERM (`app.close`) without resetting anyone's request:
 * - in-flight requests finish, their answers say `Connection: close`;
 * - a request arriving on an open keep-alive connection is answered 503 (the usual envelope,
 *   `Connection: close`, `Retry-After`) instead of being run, so a balancer retries elsewhere;
 * - Node's `server.close()` would destroy idle keep-alive sockets at once, and a client
 *   writing its next request on one at that moment sees a reset: idle sockets are closed
 *   only once nothing is in flight, after a short grace, and again until the server is closed.
 */
const registerGracefulClose: FastifyPluginCallback = (app, _options, done) => {
  let isClosing = false;
  let inFlight = 0;

  app.addHook('onRequest', (request, reply, next) => {
    if (!isClosing) {
      inFlight += 1;
      reply.raw.once('close', () => (inFlight -= 1));
      next();
      return;
    }
    request.log.info('refused while shutting down');
    void reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', 1)
      .send({ error: ERROR_CODES[503], message: SHUTTING_DOWN_MESSAGE });
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (isClosing) reply.header('connection', 'close');
    next(null, payload);
  });

  app.addHook('preClose', (next) => {
    isClosing = true;
    const server = app.server;
    if (!server.listening) {
      next();
      return;
    }
    const closeIdleConnections = server.closeIdleConnections.bind(server);
    // server.close() calls this first thing; idle sockets are ours to close (below).
    server.closeIdleConnections = () => undefined;
    const sweep = setInterval(() => {
      if (inFlight === 0) setTimeout(closeIdleConnections, IDLE_CLOSE_GRACE_MS).unref();
    }, IDLE_CLOSE_GRACE_MS);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
    next();
  });
  done();
};

export const gracefulClosePlugin = fp(registerGracefulClose, { name: 'revlane-graceful-close' });
