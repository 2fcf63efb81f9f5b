import { defineProject } from 'vitest/config';
import { ROUTE_TESTS, webTest } from './vitest.config';

// The `web-routes` project: whole-route renders load lazy modules and antd on first use;
// with the server suite beside them on a 2-core machine one can take several seconds.
export default defineProject({
  plugins: webTest.plugins,
  resolve: webTest.resolve,
  test: {
    name: 'web-routes',
    environment: webTest.environment,
    setupFiles: webTest.setupFiles,
    include: ROUTE_TESTS,
    restoreMocks: webTest.restoreMocks,
    unstubGlobals: webTest.unstubGlobals,
    testTimeout: 30_000,
  },
});
