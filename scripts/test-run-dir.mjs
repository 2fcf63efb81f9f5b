// One directory per `npm test` run (REVLANE_TEST_RUN_DIR, set by scripts/test.mjs) where every
// test app, server process and e2e server leaves its log and its data directory, so the
// secrets scan at the end of the run reads all of them (docs/architecture.md §9). Outside a
// run (a single test file) nothing is kept.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

export const TEST_RUN_DIR_ENV = 'REVLANE_TEST_RUN_DIR';
/** Values the scan looks for besides the shapes it knows (scripts/secrets-scan.mjs). */
export const ISSUED_SECRETS_FILE = 'issued-secrets.jsonl';

export function testRunDir() {
  return process.env[TEST_RUN_DIR_ENV] || undefined;
}

/** A fresh directory for a test's data under the run, or null outside a run. */
export function runDataDir(prefix) {
  const root = testRunDir();
  if (!root) return null;
  const dir = path.join(root, 'data', `${prefix}-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The file a test app or a server process writes its log to, or null outside a run. */
export function runLogFile(name) {
  const root = testRunDir();
  if (!root) return null;
  mkdirSync(path.join(root, 'logs'), { recursive: true });
  const file = path.join(root, 'logs', `${name}-${randomUUID()}.log`);
  writeFileSync(file, '');
  return file;
}

/** Writes what a process printed to a log file of the run (nothing outside a run). */
export function keepRunLog(name, text) {
  const file = runLogFile(name);
  if (file) writeFileSync(file, text);
}

/** Removes a test's data directory, unless the run keeps it for the scan. */
export function removeUnlessKept(dir) {
  const root = testRunDir();
  if (root && path.resolve(dir).startsWith(path.resolve(root) + path.sep)) return;
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Records a secret a test issued whose shape the scan cannot know (a fixture's database
 * password, a reset token), so the scan looks for its value. Kept beside the run's files,
 * never in them: the scan skips this one file.
 */
export function recordIssuedSecret(kind, value) {
  const root = testRunDir();
  if (!root || !value) return;
  mkdirSync(root, { recursive: true });
  appendFileSync(path.join(root, ISSUED_SECRETS_FILE), `${JSON.stringify({ kind, value })}\n`);
}
