import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Whole-route renders (the real route tree with its lazy modules) and renders of several
 * features at once (docs/architecture.md §9).
 */
export const ROUTE_TESTS = [
  'src/routes/**/*.test.{ts,tsx}',
  'src/app/routes.test.tsx',
  'src/app/shared-reads.test.tsx',
];

/** What both web projects share: DOM tests with Testing Library's matchers. */
export const webTest = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  environment: 'jsdom' as const,
  setupFiles: ['./vitest.setup.ts'],
  restoreMocks: true,
  unstubGlobals: true,
};

// The `web` project of the root runner: component and unit tests, at Vitest's 5 s per test.
// Whole-route renders are the `web-routes` project (vitest.routes.config.ts).
export default defineProject({
  plugins: webTest.plugins,
  resolve: webTest.resolve,
  test: {
    name: 'web',
    environment: webTest.environment,
    setupFiles: webTest.setupFiles,
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ROUTE_TESTS,
    restoreMocks: webTest.restoreMocks,
    unstubGlobals: webTest.unstubGlobals,
  },
});
