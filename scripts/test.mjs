// `npm test`: every Vitest project, then the Playwright flows; ends with one summary line
// `N passed, N failed` summed over both, and fails when anything failed or nothing ran.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.ci-out');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status;
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

const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest ? vitest.numFailedTests : 1) +
  (skipE2e ? 0 : playwright ? playwright.stats.unexpected + (playwright.stats.flaky ?? 0) : 1);
const suiteFailed = vitestStatus !== 0 || playwrightStatus !== 0;

console.log(
  `\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? '?'} failed` +
    (skipE2e
      ? ''
      : `; playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? '?'} failed`),
);
const reportedFailed = suiteFailed && failed === 0 ? 1 : failed;
console.log(`${passed} passed, ${reportedFailed} failed`);
process.exit(reportedFailed > 0 || passed === 0 ? 1 : 0);
