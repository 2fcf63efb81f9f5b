import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createPacer, type Pacer } from './pacer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Send slots shared by every process on the metadata database (ADR 0035). */
    pacer: Pacer;
  }
}

const registerPacing: FastifyPluginCallback = (app, _options, done) => {
  app.decorate('pacer', createPacer(app.db));
  done();
};

export const pacingPlugin = fp(registerPacing, {
  name: 'revlane-pacing',
  dependencies: ['revlane-database'],
});
