import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';
import { parseSecretKey, resolveSecretKey, SECRET_KEY_FILE } from './secret-key.js';

const key = Buffer.alloc(32, 7);

describe('secret box (AES-256-GCM, record id as associated data)', () => {
  it('opens what it sealed, for the same record only', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('s3cret-password', 'source:1');

    expect(sealed).not.toContain('s3cret');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(box.open(sealed, 'source:1')).toBe('s3cret-password');
    expect(() => box.open(sealed, 'source:2')).toThrow('could not be opened');
  });

  it('refuses another key, tampered bytes and text that was never sealed', () => {
    const sealed = new SecretBox(key).sealJson({ token: 'abc' }, 'c:1');
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;

    expect(new SecretBox(key).openJson(sealed, 'c:1')).toEqual({ token: 'abc' });
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'c:1')).toThrow();
    expect(() => new SecretBox(key).open([version, iv, tag, flipped].join('.'), 'c:1')).toThrow();
    expect(() => new SecretBox(key).open('plain text', 'c:1')).toThrow('Not a sealed secret');
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    const box = new SecretBox(key);
    expect(box.seal('x', 'r')).not.toBe(box.seal('x', 'r'));
  });
});

describe('secret key (REVLANE_SECRET_KEY or a generated file)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'revlane-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('reads 32 bytes as hex or base64, and nothing else', () => {
    expect(parseSecretKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSecretKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(parseSecretKey('too short')).toBeNull();
    expect(() => resolveSecretKey('nope', tempDir())).toThrow(/REVLANE_SECRET_KEY/);
  });

  it('generates a key file with mode 0600 once and reuses it', () => {
    const dir = tempDir();
    const first = resolveSecretKey(undefined, dir);
    const file = path.join(dir, SECRET_KEY_FILE);

    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(undefined, dir)).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64url'));
  });

  it('prefers the configured key over the file', () => {
    const dir = tempDir();
    resolveSecretKey(undefined, dir);
    expect(resolveSecretKey('cd'.repeat(32), dir)).toEqual(Buffer.alloc(32, 0xcd));
  });
});
