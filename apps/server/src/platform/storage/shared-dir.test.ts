import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { adoptDataDirFiles, sharedDirOf } from './shared-dir.js';

describe('the directory every process shares (ADR 0035)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'revlane-shared-dir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const silent = pino({ level: 'silent' });

  it('is the data directory unless UPLOAD_DIR is set', () => {
    const dataDir = path.join(root, 'data');
    const unset = loadConfig({ REVLANE_DATA_DIR: dataDir });
    expect(unset.uploadDir).toBe(path.join(dataDir, 'uploads'));
    expect(sharedDirOf(unset)).toBe(dataDir);
    // Set to the default, nothing moves either.
    const same = loadConfig({
      REVLANE_DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
    });
    expect(sharedDirOf(same)).toBe(dataDir);
    const shared = loadConfig({ REVLANE_DATA_DIR: dataDir, UPLOAD_DIR: '/mnt/revlane' });
    expect(sharedDirOf(shared)).toBe('/mnt/revlane');
  });

  it("moves the data directory's CSV files and stored files once UPLOAD_DIR is set", async () => {
    const dataDir = path.join(root, 'install');
    const uploadDir = path.join(root, 'shared');
    const put = (file: string, text: string) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    put(path.join(dataDir, 'sources', 'org-1', 'source-1.csv'), 'a\n1\n');
    put(path.join(dataDir, 'files', 'org-1', 'file-1'), 'image');
    put(path.join(dataDir, 'files', 'org-1', 'file-2'), 'old');
    // Written through UPLOAD_DIR already: it stays, and the old one is left.
    put(path.join(uploadDir, 'files', 'org-1', 'file-2'), 'new');
    put(path.join(dataDir, 'warehouse', 'org-1.duckdb'), 'not shared');

    await adoptDataDirFiles({ dataDir, uploadDir }, silent);
    expect(readFileSync(path.join(uploadDir, 'sources', 'org-1', 'source-1.csv'), 'utf8')).toBe(
      'a\n1\n',
    );
    expect(readFileSync(path.join(uploadDir, 'files', 'org-1', 'file-1'), 'utf8')).toBe('image');
    expect(readFileSync(path.join(uploadDir, 'files', 'org-1', 'file-2'), 'utf8')).toBe('new');
    expect(existsSync(path.join(dataDir, 'sources'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'files', 'org-1', 'file-2'), 'utf8')).toBe('old');
    expect(existsSync(path.join(dataDir, 'files', 'org-1', 'file-1'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'warehouse', 'org-1.duckdb'))).toBe(true);
    // Again (every start): nothing more to do.
    await adoptDataDirFiles({ dataDir, uploadDir }, silent);
    expect(readFileSync(path.join(uploadDir, 'files', 'org-1', 'file-2'), 'utf8')).toBe('new');
  });

  it('leaves the data directory alone when it is the shared one', async () => {
    const dataDir = path.join(root, 'single');
    mkdirSync(path.join(dataDir, 'sources', 'org-1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'sources', 'org-1', 's.csv'), 'a\n');
    await adoptDataDirFiles({ dataDir, uploadDir: path.join(dataDir, 'uploads') }, silent);
    expect(existsSync(path.join(dataDir, 'sources', 'org-1', 's.csv'))).toBe(true);
  });
});
