import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { SecretBox } from '../secrets/secret-box.js';

/** The embedded default's mail: one sealed file per message in `<data dir>/outbox/`. */
export const OUTBOX_DIR = 'outbox';
const SUFFIX = '.mail';

/** What `npm run outbox` shows of a message. */
export interface OutboxMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  date: string;
  /** Set for messages sent with an idempotency key (alert deliveries, ADR 0023). */
  messageId?: string;
}

/** The file name's tail that says which Message-ID a file holds, readable without opening it. */
const messageIdTag = (messageId: string) =>
  `-${createHash('sha256').update(messageId).digest('base64url').slice(0, 32)}`;

/** Whether a message with this Message-ID was written already. */
export function hasOutboxMessage(dir: string, messageId: string): boolean {
  const tag = `${messageIdTag(messageId)}${SUFFIX}`;
  try {
    return readdirSync(dir).some((name) => name.endsWith(tag) && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Messages carry reset links (secrets): each file is sealed with the secret box, its name as
 * associated data, and written whole (temporary file, then rename) with mode 0600, so a reader
 * never sees half a message and nothing under the data directory holds a link in plain text.
 */
export function writeOutboxMessage(dir: string, box: SecretBox, message: OutboxMessage): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Time first, so names sort in the order the messages were written.
  const tag = message.messageId ? messageIdTag(message.messageId) : '';
  const name = `${Date.now().toString().padStart(15, '0')}-${randomUUID()}${tag}${SUFFIX}`;
  const temporary = path.join(dir, `.${name}.tmp`);
  writeFileSync(temporary, box.sealJson(message, name), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path.join(dir, name));
  return name;
}

/** Every message of the outbox, oldest first; none when the directory does not exist. */
export function readOutbox(dir: string, box: SecretBox): OutboxMessage[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(SUFFIX) && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .sort()
    .map((name) => box.openJson(readFileSync(path.join(dir, name), 'utf8'), name) as OutboxMessage);
}

/** A message as the terminal shows it: headers, a blank line, the text. */
export function formatOutboxMessage(message: OutboxMessage): string {
  return [
    `Date: ${message.date}`,
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    ...(message.messageId ? [`Message-ID: ${message.messageId}`] : []),
    '',
    message.text,
  ].join('\n');
}
