// `npm start`: build the SPA when needed, then run every service in one process.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
// Forward signals so the server shuts down gracefully instead of being orphaned.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
