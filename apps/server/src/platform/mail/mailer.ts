import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SecretBox } from '../secrets/secret-box.js';
import { secretBoxFor } from '../secrets/secrets-plugin.js';
import { hasOutboxMessage, OUTBOX_DIR, writeOutboxMessage, type OutboxMessage } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The sender's idempotency key: the message's Message-ID is made from it, so a resend after
   * a crash is the same message; the local outbox keeps it once (ADR 0023).
   */
  idempotencyKey?: string;
}

/** A Message-ID (RFC 5322 `<id@domain>`) that only depends on the key. */
export const messageIdFor = (idempotencyKey: string) =>
  `<${Buffer.from(idempotencyKey).toString('base64url')}@revlane.idempotent>`;

/** What nodemailer is given: the key as its Message-ID, not as a field of its own. */
function nodemailerMessage(from: string, { idempotencyKey, ...message }: MailMessage) {
  return {
    from,
    ...message,
    ...(idempotencyKey ? { messageId: messageIdFor(idempotencyKey) } : {}),
  };
}

/** Sends mail: SMTP when `SMTP_URL` is set, else the local outbox (docs/architecture.md §3.3). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  box: SecretBox;
}

export function createMailer({ smtpUrl, from, dataDir, box }: MailerOptions): Mailer {
  if (smtpUrl) return transportMailer(nodemailer.createTransport(smtpUrl), from);
  return outboxMailer(path.join(dataDir, OUTBOX_DIR), from, box);
}

function transportMailer(transport: Transporter, from: string): Mailer {
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(from, message));
    },
    close: () => transport.close(),
  };
}

/**
 * The embedded default: nodemailer still builds the message (its JSON transport normalises
 * the addresses as SMTP would), and the result goes into the outbox instead of a network.
 * A message whose Message-ID is already there is not written again (ADR 0023).
 */
function outboxMailer(dir: string, from: string, box: SecretBox): Mailer {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      if (message.idempotencyKey && hasOutboxMessage(dir, messageIdFor(message.idempotencyKey)))
        return;
      const info = await transport.sendMail(nodemailerMessage(from, message));
      const built = JSON.parse(info.message) as {
        from?: { address: string; name?: string };
        to?: { address: string; name?: string }[];
        subject?: string;
        text?: string;
      };
      const entry: OutboxMessage = {
        from: built.from ? formatAddress(built.from) : from,
        to: (built.to ?? []).map(formatAddress).join(', '),
        subject: built.subject ?? message.subject,
        text: built.text ?? message.text,
        date: new Date().toISOString(),
        ...(message.idempotencyKey ? { messageId: messageIdFor(message.idempotencyKey) } : {}),
      };
      writeOutboxMessage(dir, box, entry);
    },
    close: () => transport.close(),
  };
}

function formatAddress({ address, name }: { address: string; name?: string }): string {
  return name ? `${name} <${address}>` : address;
}

/**
 * A mailer made on the first message: the outbox's key file is only created when a message
 * needs it (password reset links, alerts).
 */
export function createLazyMailer(config: {
  mail: { smtpUrl: string | undefined; from: string };
  dataDir: string;
  secretKey: string | undefined;
}): Mailer {
  let transport: Mailer | undefined;
  return {
    send: (message) => {
      transport ??= createMailer({
        ...config.mail,
        dataDir: config.dataDir,
        box: secretBoxFor(config),
      });
      return transport.send(message);
    },
    close: () => transport?.close(),
  };
}
