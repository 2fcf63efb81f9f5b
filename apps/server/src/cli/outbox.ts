import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config.js';
import { formatOutboxMessage, OUTBOX_DIR, readOutbox } from '../platform/mail/outbox.js';
import { secretBoxFor } from '../platform/secrets/secrets-plugin.js';

/**
 * `npm run outbox`: prints the mail the embedded default kept instead of sending it (reset
 * links), oldest first, so the newest is at the bottom of the terminal.
 */
function main() {
  const config = loadConfig(process.env);
  const dir = path.join(config.dataDir, OUTBOX_DIR);
  if (config.mail.smtpUrl) console.log('SMTP_URL is set: new mail goes to the SMTP server.');
  // Checked first: opening the box would create a key in a data directory that has none.
  const messages = existsSync(dir) ? readOutbox(dir, secretBoxFor(config)) : [];
  if (!messages.length) {
    console.log(`The outbox is empty (${dir}).`);
    return;
  }
  console.log(messages.map(formatOutboxMessage).join(`\n\n${'-'.repeat(72)}\n\n`));
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
