import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { SecretBox } from './secret-box.js';
import { resolveSecretKey } from './secret-key.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens secrets kept at rest (credentials, tokens). */
    secrets: SecretBox;
  }
}

/** The app's secret box, from the configured key or the data directory's generated one. */
export function secretBoxFor(config: { secretKey: string | undefined; dataDir: string }) {
  return new SecretBox(resolveSecretKey(config.secretKey, config.dataDir));
}

const registerSecrets: FastifyPluginCallback<{ box?: SecretBox }> = (app, options, done) => {
  app.decorate('secrets', options.box ?? secretBoxFor(app.config));
  done();
};

export const secretsPlugin = fp(registerSecrets, {
  name: 'revlane-secrets',
  dependencies: ['revlane-config'],
});
