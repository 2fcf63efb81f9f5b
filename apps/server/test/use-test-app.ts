import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';

/**
 * The set-up most service tests share: one app for the describe block, created before its
 * tests, then `prepare` (sign users up, upload a file…), and closed after them. Returns the
 * block's context, filled in before the first test runs (read it inside tests, not at
 * describe time).
 */
export function useTestApp<Extra extends object>(
  prepare: (t: TestApp) => Promise<Extra>,
  options: TestAppOptions = {},
): { t: TestApp } & Extra {
  const context = {} as { t: TestApp } & Extra;
  beforeAll(async () => {
    const t = await createTestApp(options);
    Object.assign(context, { t }, await prepare(t));
  });
  afterAll(() => context.t?.close());
  return context;
}

/** For `useTestApp` when the tests need the app alone. */
export const noPreparation = () => Promise.resolve({});
