import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the embedded default keeps its generated key (docs/architecture.md §3.3). */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * Parses `REVLANE_SECRET_KEY`: 32 bytes as 64 hex digits or as base64/base64url (43–44
 * characters). Returns null when the text is neither, so configuration can name the variable.
 */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
    return key.length === 32 ? key : null;
  }
  return null;
}

/**
 * The key secrets are sealed with: the configured one, else the one the embedded default
 * generated into the data directory on its first start (mode 0600, never logged). Two
 * processes starting at once on a fresh directory both end up reading the file that won.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = parseSecretKey(configured);
    if (!key) throw new Error('REVLANE_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
    return key;
  }
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const created = readKeyFile(file);
  if (!created) throw new Error(`${file} does not hold a valid secret key`);
  return created;
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = parseSecretKey(text);
  if (!key) throw new Error(`${file} does not hold a valid secret key`);
  return key;
}
