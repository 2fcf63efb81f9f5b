import { startServer } from './server.js';

const TEMPLATE_PORT = 3099;
const PREPARED_MARKER = 'cohort back-fill done';

/**
 * A first start's work done once for the whole run: the demo data loaded and the demo
 * cohorts' 180 days of history back-filled, then the server stopped cleanly. Each spec starts
 * from a copy (startServer), so no flow waits on, or competes for the CPU with, that work;
 * what a first start does is the subject of the server's own faults test.
 */
export async function prepareDataTemplate(): Promise<string> {
  const server = await startServer({ port: TEMPLATE_PORT, env: { LOG_LEVEL: 'info' } });
  const deadline = Date.now() + 300_000;
  while (!server.output().includes(PREPARED_MARKER)) {
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(
        `the data template was not prepared in 5 min:\n${server.output().slice(-2_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  return server.dataDir;
}
