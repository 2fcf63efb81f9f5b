import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { test } from '@playwright/test';
import { keepRunLog, removeUnlessKept } from '../../scripts/test-run-dir.mjs';
import { acceptDemoUserTerms } from './segment-page.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Where global set-up left the prepared data directory (data-template.ts). */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** A fresh data directory: a copy of the prepared template when there is one, else empty. */
function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the app the README's way (`npm start` runs scripts/start.mjs) on its own port
 * and data directory (a copy of the prepared one unless given), and waits until /readyz
 * answers.
 */
export async function startServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  // E2E_PORT_OFFSET lets two checkouts run their flows side by side on one machine.
  const port = options.port + Number(process.env.E2E_PORT_OFFSET ?? 0);
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      REVLANE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Its log stays with the test run for the secrets scan (scripts/test.mjs).
  child.once('exit', () => keepRunLog('e2e-server', output));
  await waitForReady(url, child, () => output);
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within 90 s:\n${output()}`);
}

/** Stops a server (when it started at all) and removes its data directory. */
export async function stopAndRemove(server: RunningServer | undefined): Promise<void> {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
}

/**
 * A server of its own for the tests of one `describe` (`options` as `startServer` takes them):
 * started before them (within `setUpMs` when given: a loaded machine starts it slowly), then
 * stopped and its data directory removed. Read it through the answered getter inside tests.
 */
export function serverForDescribe(
  options: Parameters<typeof startServer>[0],
  setUpMs?: number,
): () => RunningServer {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    if (setUpMs) test.setTimeout(setUpMs);
    server = await startServer(options);
  });
  test.afterAll(() => stopAndRemove(server));
  return () => {
    if (!server) throw new Error('the server is not started');
    return server;
  };
}

/**
 * `serverForDescribe` for flows that sign the demo user in with `signInAsReturningDemoUser`:
 * its terms are accepted over the API once the server is up (within 2 min, as a first start
 * on a loaded machine may take).
 */
export function demoServerForDescribe(port: number): () => RunningServer {
  const server = serverForDescribe({ port }, 120_000);
  test.beforeAll(() => acceptDemoUserTerms(server().url));
  return server;
}

/** Removes a spec's data directory, unless the test run keeps it for the secrets scan. */
export function removeDataDir(dataDir: string): void {
  removeUnlessKept(dataDir);
}
