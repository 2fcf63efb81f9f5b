import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the app closes, in-flight requests still finish, but their keep-alive connections
 * would keep the server open until the shutdown time-out. Telling those clients to close
 * the connection lets `app.close()` resolve as soon as the last response is out.
 */
const registerGracefulClose: FastifyPluginCallback = (app, _options, done) => {
  let isClosing = false;
  app.addHook('preClose', (next) => {
    isClosing = true;
    next();
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (isClosing) reply.header('connection', 'close');
    next(null, payload);
  });
  done();
};

export const gracefulClosePlugin = fp(registerGracefulClose, { name: 'revlane-graceful-close' });
