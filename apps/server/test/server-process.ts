import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { keepRunLog } from '../../../scripts/test-run-dir.mjs';
import { openDatabase, type DatabaseHandle } from '../src/platform/database/database.js';

const serverDir = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `src/main.ts` as its own process with only `env` (and PATH, HOME) for environment. */
export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      // What the process printed (its log) stays with the run for the secrets scan.
      keepRunLog('server-process', output);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** Kills the process as a crash would (kill -9) and waits until it is gone. */
export async function kill9(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Polls the async `check` every 200 ms until it answers something. */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

/** Polls `check` every 100 ms until it answers something. */
export async function waitFor<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

/** The address the process prints once it listens. */
export const listeningUrl = (server: ServerProcess, timeoutMs = 60_000) =>
  waitFor(() => /listening on (http:\/\/[\d.:]+)/.exec(server.output())?.[1], timeoutMs);

/**
 * Kills the process as a crash would the moment it prints a line that `matches` (a poll of the
 * output could come too late on a fast machine) and answers that line; rejects after
 * `timeoutMs`.
 */
export function killAtLogLine(
  server: ServerProcess,
  matches: (line: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  const stdout = server.child.stdout!;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no such line logged in time')), timeoutMs);
    const onData = (chunk: Buffer) => {
      const line = chunk.toString().split('\n').find(matches);
      if (line === undefined) return;
      server.child.kill('SIGKILL');
      stdout.off('data', onData);
      clearTimeout(timer);
      resolve(line);
    };
    stdout.on('data', onData);
  });
}

/** Asks the process to stop as an orchestrator would (SIGTERM) and answers its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/**
 * Calls the process's API as the holder of `token` (`route` follows `base`): answers the
 * reply's `data`, throws with the status and the body on an error status.
 */
export const apiClient =
  (base: string, token: string) =>
  async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * Runs `read` on the PGlite metadata of a data directory while no server process has it open
 * (one process owns PGlite), then closes it.
 */
export async function withMetadata<T>(
  dataDir: string,
  read: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'metadata') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/**
 * The rows of `query` on the DuckDB warehouse of a data directory's organization (there is one
 * file per organization, and these data directories hold one), opened read-only.
 */
export async function warehouseRows<T>(dataDir: string, query: string): Promise<T[]> {
  const folder = path.join(dataDir, 'warehouse');
  const [file] = readdirSync(folder).filter((name) => name.endsWith('.duckdb'));
  const instance = await DuckDBInstance.create(path.join(folder, file!), {
    access_mode: 'READ_ONLY',
  });
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(query)).getRowObjectsJson() as T[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
