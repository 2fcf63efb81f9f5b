import { buildWebIfStale } from '../../scripts/build-web-if-stale.mjs';
import { prepareDataTemplate } from './data-template.js';
import { DATA_TEMPLATE_ENV, removeDataDir } from './server.js';

/**
 * The server serves the built SPA, so build it once before any spec starts a server; then
 * prepare the data directory every spec's server starts from (data-template.ts).
 */
export default async function globalSetup(): Promise<() => void> {
  buildWebIfStale();
  const template = await prepareDataTemplate();
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => removeDataDir(template);
}
