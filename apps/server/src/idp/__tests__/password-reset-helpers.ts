import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_RESET_PATHS } from '@revlane/contracts';
import { OUTBOX_DIR, readOutbox, type OutboxMessage } from '../../platform/mail/outbox.js';
import { secretBoxFor } from '../../platform/secrets/secrets-plugin.js';
import type { SeededIdp } from './test-server.js';
import { recordIssuedSecret } from '../../../../../scripts/test-run-dir.mjs';

/** A data directory of its own, so the outbox (and its key) never land in the checkout. */
export function resetTestEnv(): NodeJS.ProcessEnv {
  return { REVLANE_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'revlane-reset-')) };
}

export async function postJson(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

export const forgot = (baseUrl: string, email: string) =>
  postJson(baseUrl, PASSWORD_RESET_PATHS.forgot, { email });
export const checkLink = (baseUrl: string, token: string) =>
  postJson(baseUrl, PASSWORD_RESET_PATHS.check, { token });
export const resetPassword = (baseUrl: string, token: string, password: string) =>
  postJson(baseUrl, PASSWORD_RESET_PATHS.reset, { token, password });

export function outbox(idp: SeededIdp): OutboxMessage[] {
  const { dataDir } = idp.config;
  return readOutbox(path.join(dataDir, OUTBOX_DIR), secretBoxFor(idp.config));
}

/** Links go out after the answer: wait (bounded) until the outbox holds `count` messages. */
export async function waitForOutbox(idp: SeededIdp, count: number): Promise<OutboxMessage[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const messages = outbox(idp);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the outbox never reached ${count} message(s)`);
}

/** The token of the reset link in a message (it rides in the URL fragment). */
export function tokenOf(message: OutboxMessage): string {
  const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error('no reset link in the message');
  recordIssuedSecret('reset token', token);
  return token;
}
