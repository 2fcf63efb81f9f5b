import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfigServer } from './config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfigServer;
  }
}

/** Makes the validated configuration available to every plugin as `app.config`. */
const registerConfig: FastifyPluginCallback<{ config: AppConfigServer }> = (app, options, done) => {
  app.decorate('config', options.config);
  done();
};

export const configPlugin = fp(registerConfig, { name: 'revlane-config' });
