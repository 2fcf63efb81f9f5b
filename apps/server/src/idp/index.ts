import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { AppConfigServer } from '../platform/config.js';
import type { Database } from '../platform/database/database.js';

/**
 * The embedded identity provider (docs/architecture.md §4.1): an oidc-provider instance with Auth0-shaped
 * routes, mounted by the app at `/idp` when no external Auth0 tenant is configured.
 */
export interface EmbeddedIdp {
  /** Fastify plugin the app registers with `{ prefix: '/idp' }`. */
  plugin: FastifyPluginAsync;
  /** Public signing keys, so the API verifies tokens without an HTTP round trip to itself. */
  publicJwks(): JSONWebKeySet;
  /**
   * Signs an access token exactly as the provider issues them (RS256, iss, aud organizer,
   * azp, sub, scope, email, name, picture, org_id, permissions); for the impersonation-link
   * CLI and tests. `expiresInSeconds` defaults to 15 minutes.
   */
  signAccessToken(userId: string, options?: { expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

export interface EmbeddedIdpOptions {
  config: AppConfigServer;
  db: Database;
  log: FastifyBaseLogger;
}

export { createEmbeddedIdp } from './embedded-idp.js';
/** Seeds organizations and their sign-in users (idempotent); the demo module says which. */
export { seedSignInAccounts, type SeedOrganization, type SeedUser } from './seed.js';
/** argon2id hashing, shared with the user service's password reset. */
export { hashPassword, verifyPassword } from './passwords.js';
