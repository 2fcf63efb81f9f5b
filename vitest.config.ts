import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.routes.config.ts',
    ],
    // Every core: Vitest's default leaves one idle, which on a 2-core CI machine runs the
    // files one at a time (measured: the web project 509 s with one worker, 325 s with two).
    maxWorkers: '100%',
  },
});
