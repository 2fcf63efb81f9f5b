// The secrets scan (docs/architecture.md §9): after the whole test run, no access token,
// refresh token, client secret, database password or reset token may appear in any log
// (request URLs included) or in plain text anywhere under a data directory. Secrets are found
// by their shape, and by the values tests recorded (scripts/test-run-dir.mjs). A finding
// names the file and the kind of secret, never the secret.
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ISSUED_SECRETS_FILE } from './test-run-dir.mjs';

/** What every secret we issue or hold looks like. */
export const SECRET_SHAPES = [
  {
    kind: 'JSON Web Token (access, id or refresh token)',
    source: String.raw`eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}`,
  },
  {
    kind: 'OAuth access or refresh token',
    source: String.raw`\b[a-z]+-(?:at|rt)-[A-Za-z0-9_-]{24}`,
  },
  { kind: 'Slack token', source: String.raw`\bxox[abposr]-[A-Za-z0-9-]{10,}` },
  { kind: 'webhook signing secret', source: String.raw`\bwhsec_[A-Za-z0-9+/=_-]{16,}` },
  { kind: 'Google access token', source: String.raw`\bya29\.[A-Za-z0-9._-]{10,}` },
  {
    kind: 'reset token in a URL',
    source: String.raw`[?&#]token=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`,
  },
  {
    kind: 'password in a connection URL',
    source: String.raw`\b(?:postgres(?:ql)?|mysql|smtps?|redis|mongodb(?:\+srv)?):\/\/[^\s:@/"'<>]+:[^\s@/"'<>]+@`,
  },
];

const CHUNK_BYTES = 16 * 1024 * 1024;
/** Longer than any secret: a secret split across two chunks is still seen whole. */
const OVERLAP_BYTES = 4096;

/** Values recorded by tests, each with its kind (looked for as plain text). */
function issuedSecrets(root) {
  const file = path.join(root, ISSUED_SECRETS_FILE);
  if (!existsSync(file)) return [];
  const byValue = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { kind, value } = JSON.parse(line);
    if (typeof value === 'string' && value.length >= 8) byValue.set(value, kind);
  }
  return [...byValue].map(([value, kind]) => ({ kind, test: (text) => text.includes(value) }));
}

/**
 * `read()`, or `absent` when what it reads vanished since it was listed (a server shutting
 * down removes its files while the scan runs).
 */
function ifPresent(read, absent) {
  try {
    return read();
  } catch (error) {
    if (error?.code === 'ENOENT') return absent;
    throw error;
  }
}

/**
 * Compile caches of our own source (tsx's and Playwright's, under the run's TMPDIR): code, not
 * logs or data, whose fixtures spell out made-up secrets on purpose.
 */
const SOURCE_CACHE_DIR = /^(tsx|playwright-transform-cache)-\d+$/;

function filesUnder(directory) {
  return ifPresent(() => readdirSync(directory, { withFileTypes: true }), []).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return SOURCE_CACHE_DIR.test(entry.name) ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/**
 * Kinds of secret found in one file, read in overlapping chunks (data files can be large).
 * One pattern at a time: each starts with a literal the regex engine skips ahead to, which
 * one alternation of all of them would not (measured: 30 times slower).
 */
function kindsIn(file, detectors, buffer) {
  const found = new Set();
  const fd = openSync(file, 'r');
  try {
    let carried = 0;
    let bytes = 0;
    for (;;) {
      const read = readSync(fd, buffer, carried, CHUNK_BYTES, null);
      if (read === 0) break;
      bytes += read;
      const total = carried + read;
      const text = buffer.toString('latin1', 0, total);
      for (const detector of detectors)
        if (!found.has(detector.kind) && detector.test(text)) found.add(detector.kind);
      if (read < CHUNK_BYTES) break;
      carried = Math.min(OVERLAP_BYTES, total);
      buffer.copy(buffer, 0, total - carried, total);
    }
    return { found, bytes };
  } finally {
    closeSync(fd);
  }
}

/**
 * Scans every file under `root` (logs and data directories of a test run) and answers the
 * findings as `{ file, kind }`, with the number of files and bytes read.
 */
export function scanForSecrets(root) {
  const detectors = [
    ...SECRET_SHAPES.map(({ kind, source }) => {
      const pattern = new RegExp(source);
      return { kind, test: (text) => pattern.test(text) };
    }),
    ...issuedSecrets(root),
  ];
  const findings = [];
  let bytes = 0;
  const files = existsSync(root)
    ? filesUnder(root).filter((file) => path.basename(file) !== ISSUED_SECRETS_FILE)
    : [];
  // One read buffer for the whole scan: most files are small, allocating per file dominated.
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES + OVERLAP_BYTES);
  for (const file of files) {
    const result = ifPresent(() => kindsIn(file, detectors, buffer), null);
    if (!result) continue;
    bytes += result.bytes;
    for (const kind of result.found) findings.push({ file: path.relative(root, file), kind });
  }
  return { findings, files: files.length, bytes };
}
