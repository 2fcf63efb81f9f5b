// `npm test`: every Vitest project, then the Playwright flows, then the secrets scan of what
// they all left (logs and data directories, kept under one run directory); ends with one
// summary line `N passed, N failed` summed over the three, and fails when anything failed or
// nothing ran.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { scanForSecrets } from './secrets-scan.mjs';
import { TEST_RUN_DIR_ENV } from './test-run-dir.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.ci-out');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// Every test app, server process and e2e server keeps its log and data directory here, and
// temporary directories land here too (TMPDIR), so the secrets scan sees all of them.
const runDir = path.join(outDir, 'run');
mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
const runEnv = { [TEST_RUN_DIR_ENV]: runDir, TMPDIR: path.join(runDir, 'tmp') };

function run(command, args, env = {}) {
  return spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...runEnv, ...env },
  }).status;
}

/** The secrets scan as one more test: passed, or failed naming each file and kind. */
function scanRun() {
  const started = performance.now();
  const { findings, files, bytes } = scanForSecrets(runDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nsecrets scan: ${files} files (${(bytes / 1024 ** 2).toFixed(0)} MB) of logs and data ` +
      `directories in ${seconds} s: ${findings.length === 0 ? 'no secret found' : 'FAILED'}`,
  );
  for (const { file, kind } of findings) console.log(`  ${kind} in ${file}`);
  if (findings.length === 0) rmSync(runDir, { recursive: true, force: true });
  return findings.length === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, file), 'utf8'));
  } catch {
    return null;
  }
}

const vitestStatus = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(outDir, 'vitest.json')}`,
]);
const vitest = readJson('vitest.json');

const skipE2e = process.env.REVLANE_SKIP_E2E === 'true';
const playwrightStatus = skipE2e
  ? 0
  : run(bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(outDir, 'playwright.json'),
    });
const playwright = skipE2e ? null : readJson('playwright.json');

const isScanClean = scanRun();

const passed =
  (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (isScanClean ? 1 : 0);
const failed =
  (isScanClean ? 0 : 1) +
  (vitest ? vitest.numFailedTests : 1) +
  (skipE2e ? 0 : playwright ? playwright.stats.unexpected + (playwright.stats.flaky ?? 0) : 1);
const suiteFailed = vitestStatus !== 0 || playwrightStatus !== 0;

console.log(
  `\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? '?'} failed` +
    (skipE2e
      ? ''
      : `; playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? '?'} failed`) +
    `; secrets scan: ${isScanClean ? 'passed' : 'failed'}`,
);
const reportedFailed = suiteFailed && failed === 0 ? 1 : failed;
console.log(`${passed} passed, ${reportedFailed} failed`);
process.exit(reportedFailed > 0 || passed === 0 ? 1 : 0);
