import { buildWebIfStale } from '../../scripts/build-web-if-stale.mjs';

/** The server serves the built SPA, so build it once before any spec starts a server. */
export default function globalSetup(): void {
  buildWebIfStale();
}
