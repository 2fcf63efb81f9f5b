import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
} from '../apps/server/src/platform/database/database.js';
import { createTestKeys, signTestToken, TEST_ISSUER } from '../apps/server/test/tokens.js';

export interface SignedInApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  address: string;
  /** The bench user's bearer header; the account is provisioned by its first request. */
  headers: Record<string, string>;
}

/**
 * The app on 127.0.0.1 (logs off, no demo seed, test keys instead of an identity provider)
 * over `target`, and a token of the one bench user.
 */
export async function listenSignedIn(
  target: DatabaseTarget,
  env: Record<string, string> = {},
): Promise<SignedInApp> {
  const keys = await createTestKeys();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH0_DOMAIN: TEST_ISSUER,
    AUTH0_CLIENT_ID: 'bench',
    SEED_DEMO: 'false',
    // Hundreds of connections from one address: the benches measure the server, not the
    // limiter turning them away.
    RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
    RATE_LIMIT_USER_PER_MINUTE: '0',
    RATE_LIMIT_STRICT_PER_MINUTE: '0',
    ...env,
  });
  const database = await openDatabase(target);
  const app = await buildApp({ config, database, jwks: keys.jwks, idp: false });
  const token = await signTestToken(keys, {
    sub: 'bench|user-1',
    email: 'bench@bench.example',
    name: 'Bench User',
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, address, headers: { authorization: `Bearer ${token}` } };
}
