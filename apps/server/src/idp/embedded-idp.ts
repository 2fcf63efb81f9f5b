import type { EventEmitter } from 'node:events';
import type { FastifyPluginAsync } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import Provider, { type errors } from 'oidc-provider';
import type { EmbeddedIdp, EmbeddedIdpOptions } from './index.js';
import { createAccessTokenSigner } from './access-token.js';
import { createAccountStore } from './accounts.js';
import { createAudienceMapping } from './audience.js';
import { registerInteractionRoutes } from './interaction-routes.js';
import { createSignInThrottle } from './login-throttle.js';
import { createProviderConfiguration } from './provider-config.js';
import { registerProviderHandoff } from './provider-mount.js';
import { createPasswordReset } from './password-reset/index.js';
import { loadIdpSecrets, toPublicJwks } from './secrets.js';
import { createMemoryCounter } from '../platform/http/rate-limit-store.js';
import { secretBoxFor } from '../platform/secrets/secrets-plugin.js';
import { createAdapterFactory, deleteExpiredModels } from './storage-adapter.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export async function createEmbeddedIdp({
  config,
  db,
  log,
}: EmbeddedIdpOptions): Promise<EmbeddedIdp> {
  const { issuer, clientId, audience } = config.identity;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const secrets = await loadIdpSecrets(db, secretBoxFor(config));
  const accounts = createAccountStore(db, config.appUrl);
  const audiences = createAudienceMapping(audience);

  const provider = new Provider(
    issuer,
    createProviderConfiguration({
      appUrl: config.appUrl,
      clientId,
      mountPath,
      signingKeys: secrets.signingKeys,
      cookieKeys: secrets.cookieKeys,
      adapter: createAdapterFactory(db),
      accounts,
      audiences,
    }),
  );
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to know the
  // request was https (secure cookies); on plain http nothing is forwarded and nothing trusted.
  provider.proxy = new URL(config.appUrl).protocol === 'https:';
  provider.on('server_error', (_ctx, error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  // Errors escaping the provider's own handling would go to Koa's console.error; the typings
  // only know the provider's events, Koa's 'error' is the underlying EventEmitter's.
  (provider as unknown as EventEmitter).on('error', (error: Error) =>
    log.error({ err: error }, 'identity provider failure'),
  );
  // Clients' OAuth errors (bad params, expired codes) are routine; debug level, codes only.
  const logOAuthError = (event: string) => (_ctx: unknown, error: errors.OIDCProviderError) =>
    log.debug({ event, error: error.error, description: error.error_description }, 'oauth error');
  provider.on('authorization.error', logOAuthError('authorization.error'));
  provider.on('grant.error', logOAuthError('grant.error'));
  provider.on('end_session.error', logOAuthError('end_session.error'));

  await deleteExpiredModels(db);
  const sweep = setInterval(() => {
    deleteExpiredModels(db).catch((error: unknown) =>
      log.warn({ err: error }, 'could not delete expired identity records'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const passwordReset = createPasswordReset({ config, db, accounts, log });
  const plugin: FastifyPluginAsync = async (app) => {
    if (app.prefix !== mountPath) {
      log.warn({ prefix: app.prefix, mountPath }, 'identity provider mounted off its issuer path');
    }
    // The failed sign-ins and the reset requests are counted where the rate limits are, shared
    // by every web process (ADR 0035; app.ts registers them first). Mounted alone (its own
    // tests), the provider counts in this process's memory.
    const counter = app.hasDecorator('rateCounter') ? app.rateCounter : createMemoryCounter();
    const throttle = createSignInThrottle({ counter });
    registerInteractionRoutes(app, {
      provider,
      clientId,
      webDistDir: config.webDistDir,
      accounts,
      throttle,
    });
    passwordReset.register(app, counter);
    // Its own encapsulated context: the body-parsing changes must not leak to our routes.
    await app.register(async (providerScope) => {
      registerProviderHandoff(providerScope, provider, mountPath);
      return Promise.resolve();
    });
  };

  const signingKey = secrets.signingKeys[0]!;
  const jwks: JSONWebKeySet = toPublicJwks(secrets.signingKeys);
  return {
    plugin,
    publicJwks: () => structuredClone(jwks),
    signAccessToken: createAccessTokenSigner({
      issuer,
      audience,
      clientId,
      signingKey,
      accounts,
      scope: 'openid profile email',
    }),
    async close() {
      clearInterval(sweep);
      await passwordReset.close();
    },
  };
}
