import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanForSecrets } from '../../../scripts/secrets-scan.mjs';
import { ISSUED_SECRETS_FILE } from '../../../scripts/test-run-dir.mjs';
import { createTestKeys, signTestToken } from './tokens.js';

const PASSWORD = 'fixture-Db-Pass-5521';

/** The whole run's secrets scan (scripts/test.mjs, docs/architecture.md §9) on planted files. */
describe('secrets scan of a test run', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'revlane-scan-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names the file and the kind of each secret found, never the secret', async () => {
    const token = await signTestToken(await createTestKeys(), { sub: 'scan|1' });
    mkdirSync(path.join(root, 'logs'), { recursive: true });
    mkdirSync(path.join(root, 'data', 'a', 'warehouse'), { recursive: true });
    writeFileSync(path.join(root, 'logs', 'clean.log'), '{"msg":"request completed"}\n');
    writeFileSync(
      path.join(root, 'logs', 'leaky.log'),
      `{"url":"/users/me?access_token=${token}"}\n`,
    );
    writeFileSync(
      path.join(root, 'logs', 'reset.log'),
      `{"url":"/reset-password#token=${'r'.repeat(43)}"}\n`,
    );
    // A secret across the scanner's 16 MiB read boundary is still seen whole.
    const big = Buffer.alloc(16 * 1024 * 1024 + 64, 0x20);
    big.write(PASSWORD, 16 * 1024 * 1024 - 8, 'latin1');
    writeFileSync(path.join(root, 'data', 'a', 'warehouse', 'org.duckdb'), big);
    writeFileSync(
      path.join(root, ISSUED_SECRETS_FILE),
      `${JSON.stringify({ kind: 'database password', value: PASSWORD })}\n`,
    );

    const { findings, files } = scanForSecrets(root);

    expect(files).toBe(4);
    expect(findings).toEqual(
      expect.arrayContaining([
        { file: 'logs/leaky.log', kind: 'JSON Web Token (access, id or refresh token)' },
        { file: 'logs/reset.log', kind: 'reset token in a URL' },
        { file: 'data/a/warehouse/org.duckdb', kind: 'database password' },
      ]),
    );
    expect(findings).toHaveLength(3);
    expect(JSON.stringify(findings)).not.toContain(PASSWORD);
    expect(JSON.stringify(findings)).not.toContain(token);
  });

  it('skips the compile caches of our own source (fixtures spell out made-up secrets)', () => {
    writeFileSync(
      path.join(root, ISSUED_SECRETS_FILE),
      `${JSON.stringify({ kind: 'client secret', value: 'fixture-client-secret-77' })}\n`,
    );
    for (const cache of ['tmp/tsx-0', 'tmp/playwright-transform-cache-0', 'tmp/revlane-e2e-x'])
      mkdirSync(path.join(root, cache), { recursive: true });
    const source = 'const CLIENT_SECRET = "fixture-client-secret-77";\n';
    writeFileSync(path.join(root, 'tmp/tsx-0/1234-abc'), source);
    writeFileSync(path.join(root, 'tmp/playwright-transform-cache-0/spec.js'), source);
    writeFileSync(path.join(root, 'tmp/revlane-e2e-x/server.log'), source);
    expect(scanForSecrets(root)).toMatchObject({
      findings: [{ file: 'tmp/revlane-e2e-x/server.log', kind: 'client secret' }],
      files: 1,
    });
  });

  it('finds nothing in logs and data without secrets', () => {
    writeFileSync(path.join(root, 'app.log'), '{"msg":"listening on http://127.0.0.1:3000"}\n');
    expect(scanForSecrets(root)).toMatchObject({ findings: [], files: 1 });
  });
});
