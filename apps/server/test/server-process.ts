import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { keepRunLog } from '../../../scripts/test-run-dir.mjs';

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
