import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A bigger demo data set (2,200 accounts instead of 2,000), loaded as a data load is; the
 * server must be stopped (one DuckDB owner). Accounts keep their index-based ids and names, so
 * the extra ones are new records. `size` may shrink users and events for a quicker load.
 */
export async function loadMoreAccounts(
  dataDir: string,
  size: { accounts?: number; users?: number; events?: number } = {},
) {
  const counts = Object.entries({ accounts: 2200, ...size }).flatMap(([name, count]) => [
    `--${name}`,
    String(count),
  ]);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/demo-data.ts', ...counts],
    {
      cwd: root,
      env: { ...process.env, REVLANE_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
}
