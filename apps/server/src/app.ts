import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { EmbeddedIdp } from './idp/index.js';
import { authPlugin } from './platform/auth/auth-plugin.js';
import { localKeysOf, remoteKeysOf } from './platform/auth/key-sources.js';
import type { KeySource } from './platform/auth/token-verifier.js';
import type { AppConfigServer } from './platform/config.js';
import { configPlugin } from './platform/config-plugin.js';
import { databasePlugin } from './platform/database/database-plugin.js';
import {
  databaseTargetFor,
  openDatabase,
  type DatabaseHandle,
} from './platform/database/database.js';
import { errorsPlugin } from './platform/errors/error-handler.js';
import { eventsPlugin } from './platform/events/events-plugin.js';
import { gracefulClosePlugin } from './platform/http/graceful-close.js';
import { corsPlugin } from './platform/http/cors.js';
import { acceptEmptyJsonBodies, refuseNulInQueryStrings } from './platform/http/json-body.js';
import { rateLimitsPlugin } from './platform/http/rate-limits.js';
import {
  DEFAULT_BODY_LIMIT,
  MAX_HEADER_SIZE,
  requestLimitsPlugin,
} from './platform/http/request-limits.js';
import { securityHeadersPlugin } from './platform/http/security-headers.js';
import { rootRoutes } from './platform/http/root-routes.js';
import { webAppPlugin } from './platform/http/web-app.js';
import { jobsPlugin } from './platform/jobs/jobs-plugin.js';
import { locksPlugin } from './platform/locks/index.js';
import { pacingPlugin } from './platform/pacing/index.js';
import { loggerOptions, loggingPlugin, requestIdFor } from './platform/logging.js';
import type { FileStorage } from './platform/storage/file-storage.js';
import { secretsPlugin } from './platform/secrets/secrets-plugin.js';
import { storagePlugin } from './platform/storage/storage-plugin.js';
import { warehousePlugin } from './warehouse/index.js';
import { ingestionPlugin } from './ingestion/index.js';
import type { Warehouse } from './warehouse/index.js';
import { SERVICES, type MountedService } from './services/index.js';
import { sandboxPlugin } from './integrations/index.js';

export interface BuildAppOptions {
  config: AppConfigServer;
  /** An open metadata database the caller owns (and closes); else opened from config. */
  database?: DatabaseHandle;
  /** Keys access tokens are verified with; overrides the embedded/remote default (tests). */
  jwks?: KeySource;
  /** The embedded identity provider to mount, or false for none; default per config. */
  idp?: EmbeddedIdp | false;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  /** Where file bytes go; default a directory under the data directory. */
  storage?: FileStorage;
  /** Serve only these services (one service per process); default all six. */
  services?: readonly MountedService['name'][];
  /** An analytical warehouse the caller owns (and closes); default per config (docs/architecture.md §5). */
  warehouse?: Warehouse;
}

/** The whole backend as one Fastify instance: platform plugins first, then the services. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestIdFor,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    // While closing, our own hook answers 503 in the usual envelope (graceful-close.ts).
    return503OnClosing: false,
  });
  const database = options.database ?? (await openDatabase(databaseTargetFor(config)));
  let idp: EmbeddedIdp | null = null;
  let ownsIdp = false;
  try {
    if (options.idp !== undefined) idp = options.idp || null;
    else if (!options.jwks && config.identity.kind === 'embedded') {
      // Loaded on demand: deployments on an external tenant never load oidc-provider.
      const { createEmbeddedIdp } = await import('./idp/index.js');
      idp = await createEmbeddedIdp({
        config,
        db: database.db,
        log: app.log.child({ component: 'idp' }),
      });
      ownsIdp = true;
    }
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  // One hook, so the provider (which stores into the database) closes before the database.
  app.addHook('onClose', async () => {
    if (ownsIdp) await idp?.close();
    if (!options.database) await database.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  refuseNulInQueryStrings(app);

  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { handle: database });
  await app.register(locksPlugin);
  await app.register(pacingPlugin);
  await app.register(eventsPlugin);
  await app.register(secretsPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(warehousePlugin, { engine: options.warehouse });
  await app.register(ingestionPlugin);
  // After the stores: its onClose (running jobs finish) then runs before theirs.
  await app.register(jobsPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(authPlugin, {
    keys: options.jwks ?? keysFor(config, idp),
    provisionsUsers: idp === null,
  });
  await app.register(loggingPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin);
  await app.register(requestLimitsPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(rootRoutes);
  // A worker answers its probes only: the SPA, the sign-in pages and the sandbox SaaS are
  // the web processes' (ADR 0035).
  if (config.role !== 'worker') {
    await app.register(webAppPlugin);
    await app.register(sandboxPlugin);
    if (idp) await app.register(idp.plugin, { prefix: '/idp' });
  }

  const enabled = new Set(options.services ?? SERVICES.map((service) => service.name));
  for (const service of SERVICES) {
    if (enabled.has(service.name)) await app.register(service.plugin, { prefix: service.mount });
  }
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n hops". */
function trustProxyOption(value: AppConfigServer['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

function keysFor(config: AppConfigServer, idp: EmbeddedIdp | null): KeySource {
  if (idp) return localKeysOf(idp);
  if (config.identity.kind === 'embedded') {
    throw new Error(
      'The embedded identity provider is configured but none was mounted and no JWKS given',
    );
  }
  return remoteKeysOf(config.identity.domain);
}
