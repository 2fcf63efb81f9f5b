import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../../test/fake-smtp-server.js';
import { SecretBox } from '../secrets/secret-box.js';
import { createMailer, messageIdFor } from './mailer.js';
import { formatOutboxMessage, OUTBOX_DIR, readOutbox } from './outbox.js';

const FROM = 'Revlane <no-reply@revlane.test>';
const MESSAGE = {
  to: 'ada@acme.test',
  subject: 'Reset your Revlane password',
  text: 'Open http://localhost:3000/reset-password#token=secret-token-value',
};

describe('mailer', () => {
  it('keeps mail in a sealed outbox under the data directory when no SMTP_URL is set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revlane-outbox-'));
    const box = new SecretBox(randomBytes(32));
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, dataDir, box });
    await mailer.send(MESSAGE);
    await mailer.send({ ...MESSAGE, to: 'bob@acme.test' });

    const dir = path.join(dataDir, OUTBOX_DIR);
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(readFileSync(path.join(dir, file), 'utf8')).not.toContain('secret-token-value');
      expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    }
    const messages = readOutbox(dir, box);
    expect(messages.map((message) => message.to)).toEqual(['ada@acme.test', 'bob@acme.test']);
    expect(formatOutboxMessage(messages[0]!)).toContain(
      `From: ${FROM}\nTo: ada@acme.test\nSubject: ${MESSAGE.subject}\n\n${MESSAGE.text}`,
    );
    // Another key opens nothing.
    expect(() => readOutbox(dir, new SecretBox(randomBytes(32)))).toThrow();
    expect(readOutbox(path.join(dataDir, 'nowhere'), box)).toEqual([]);
  });

  it('keeps a message sent twice with the same idempotency key once (ADR 0023)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revlane-outbox-once-'));
    const box = new SecretBox(randomBytes(32));
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, dataDir, box });
    await mailer.send({ ...MESSAGE, idempotencyKey: 'firing-1:email:ada@acme.test' });
    await mailer.send({ ...MESSAGE, idempotencyKey: 'firing-1:email:ada@acme.test' });
    await mailer.send({ ...MESSAGE, idempotencyKey: 'firing-2:email:ada@acme.test' });
    const messages = readOutbox(path.join(dataDir, OUTBOX_DIR), box);
    expect(messages.map((message) => message.messageId)).toEqual([
      messageIdFor('firing-1:email:ada@acme.test'),
      messageIdFor('firing-2:email:ada@acme.test'),
    ]);
    expect(formatOutboxMessage(messages[0]!)).toContain(
      `Message-ID: ${messageIdFor('firing-1:email:ada@acme.test')}`,
    );
  });

  it('sends over SMTP when SMTP_URL is set, and writes no outbox', async () => {
    const smtp = await startFakeSmtpServer();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revlane-smtp-'));
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      dataDir,
      box: new SecretBox(randomBytes(32)),
    });
    try {
      await mailer.send({ ...MESSAGE, idempotencyKey: 'firing-1:email:ada@acme.test' });
    } finally {
      mailer.close();
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'no-reply@revlane.test', to: ['ada@acme.test'] });
    expect(mail!.data).toContain(`Subject: ${MESSAGE.subject}`);
    expect(mail!.data).toContain('secret-token-value');
    // The key is the Message-ID: a resend after a crash is recognisably the same message.
    expect(mail!.data).toContain(`Message-ID: ${messageIdFor('firing-1:email:ada@acme.test')}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
