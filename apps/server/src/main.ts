import { buildApp } from './app.js';
import { loadDemoWarehouse, seedDemo } from './demo/index.js';
import {
  ConfigError,
  loadConfig,
  scaleOutProblems,
  type AppConfigServer,
} from './platform/config.js';
import { databaseTargetFor, openDatabase } from './platform/database/database.js';
import { handleShutdownSignals } from './platform/shutdown.js';
import { keepDataDirPrivate } from './platform/storage/private-data-dir.js';
import { startupBanner } from './startup-banner.js';

function readConfig(): AppConfigServer {
  try {
    const config = loadConfig(process.env);
    const problems = scaleOutProblems(config);
    if (problems.length > 0)
      throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * `npm start`: every service, the embedded identity provider and the SPA in one process;
 * REVLANE_ROLE=web or worker runs one part of it beside others (docs/deploy.md).
 */
async function main() {
  const config = readConfig();
  await keepDataDirPrivate(config.dataDir);
  const database = await openDatabase(databaseTargetFor(config));
  const isEmbedded = config.identity.kind === 'embedded';
  const demo =
    isEmbedded && config.demo.seed ? await seedDemo(database.db, config.demo.password) : null;

  const app = await buildApp({ config, database });
  handleShutdownSignals({
    app,
    timeoutMs: config.shutdownTimeoutMs,
    release: () => database.close(),
  });
  const address = await app.listen({ port: config.port, host: config.host });
  if (demo && config.jobs.isWorking) {
    // Ready at once: segments answer "preparing" until the first load has swapped in. In the
    // organization's rebuild turn, so of several workers starting together one loads it.
    const log = app.log.child({ component: 'demo-data' });
    app.warehouse.runInBackground(() =>
      app.warehouse.rebuilds.run(demo.orgId, () => loadDemoWarehouse(app, demo.orgId, log)),
    );
  }

  console.log(startupBanner(config, address, demo));
}

main().catch((error: unknown) => {
  console.error('Revlane failed to start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug')
    console.error(error.stack);
  process.exit(1);
});
