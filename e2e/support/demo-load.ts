import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A bigger demo data set (`accounts` accounts instead of 2,000), loaded as a data load is; the
 * server must be stopped (one DuckDB owner). Accounts keep their index-based ids and names, so
 * the extra ones are new records.
 */
export async function loadMoreAccounts(dataDir: string, accounts = 2200) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/demo-data.ts', '--accounts', String(accounts)],
    {
      cwd: root,
      env: { ...process.env, REVLANE_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
}
