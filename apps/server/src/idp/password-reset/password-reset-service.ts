import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RESET_PATHS } from '@revlane/contracts';
import { writeAuditRecord } from '../../platform/auth/audit.js';
import type { Database } from '../../platform/database/database.js';
import type { RateCounter } from '../../platform/http/rate-limit-store.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccountStore } from '../accounts.js';
import { hashPassword } from '../passwords.js';
import { setPasswordAndSignOut } from './account-revocation.js';
import { createRateWindow } from './rate-window.js';
import { resetLink, resetMail } from './reset-mail.js';
import {
  claimResetToken,
  issueResetToken,
  resetLinkState,
  retireResetTokens,
  type ResetLinkState,
} from './reset-tokens.js';

type Refusal = { kind: 'throttled'; retryAfterSeconds: number };
type DeadLink = Exclude<ResetLinkState, { kind: 'valid' }>;

export interface PasswordResetService {
  /** Sends a link when the address has an account; the caller's answer is the same either way. */
  requestLink(email: string, clientIp: string): Promise<{ kind: 'accepted' } | Refusal>;
  checkLink(token: string, clientIp: string): Promise<{ kind: 'valid' } | DeadLink | Refusal>;
  resetPassword(
    token: string,
    password: string,
    clientIp: string,
  ): Promise<{ kind: 'done' } | DeadLink | Refusal>;
  /** Resolves when every link being sent has been sent (shutdown, tests). */
  settled(): Promise<void>;
}

export interface PasswordResetServiceOptions {
  db: Database;
  accounts: AccountStore;
  mailer: Mailer;
  /** The rate limits' counter, shared by every web process (ADR 0035). */
  counter: RateCounter;
  appUrl: string;
  log: FastifyBaseLogger;
}

const WINDOW_MS = 15 * 60 * 1000;

export function createPasswordResetService({
  db,
  accounts,
  mailer,
  counter,
  appUrl,
  log,
}: PasswordResetServiceOptions): PasswordResetService {
  // Per address: a mailbox is not flooded. Per client address: nobody walks a list of
  // addresses. Links: nobody tries tokens at length (they are 256 bits; this is belt and braces).
  // Counted across processes (ADR 0035), each under its own prefix.
  const windowOf = (prefix: string, limit: number) =>
    createRateWindow({ counter, prefix, limit, windowMs: WINDOW_MS });
  const requestsPerEmail = windowOf('password-reset:requests:email:', 5);
  const requestsPerClient = windowOf('password-reset:requests:client:', 20);
  const linkUsesPerClient = windowOf('password-reset:link-uses:client:', 30);
  const pending = new Set<Promise<void>>();

  /**
   * Whatever depends on the account (look-up, link, mail, audit) runs after the answer has
   * left, so the answer takes the same time whether or not the address has an account (and
   * however slow SMTP is).
   */
  function inBackground(what: string, work: () => Promise<void>) {
    const task = work()
      .catch((error: unknown) => log.error({ err: error }, `could not ${what}`))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  async function sendLink(email: string) {
    const found = await accounts.findForSignIn(email);
    if (!found) {
      log.info('password reset asked for an address without an account');
      return;
    }
    const { account } = found;
    const token = await issueResetToken(db, account.userId);
    await mailer.send(resetMail(account.email, resetLink(appUrl, token)));
    log.info({ userId: account.userId }, 'password reset link sent');
    await audit(account, 'password reset link sent', PASSWORD_RESET_PATHS.forgot, 200);
  }

  /** A refused request for an address with an account goes to that account's audit trail. */
  async function auditThrottledRequest(email: string) {
    const found = await accounts.findForSignIn(email);
    if (found)
      await audit(
        found.account,
        'password reset request throttled',
        PASSWORD_RESET_PATHS.forgot,
        429,
      );
  }

  function audit(
    account: { userId: string; orgId: string },
    action: string,
    path: string,
    statusCode: number,
  ) {
    return writeAuditRecord(db, log, {
      orgId: account.orgId,
      subjectUserId: account.userId,
      action,
      method: 'POST',
      path,
      statusCode,
    });
  }

  function throttled(what: string, clientIp: string, retryAfterSeconds: number): Refusal {
    log.warn({ clientIp, retryAfterSeconds }, `${what} throttled`);
    return { kind: 'throttled', retryAfterSeconds };
  }

  async function usableLink(token: string, clientIp: string) {
    const budget = await linkUsesPerClient.hit([clientIp]);
    if (!budget.allowed)
      return throttled('password reset link use', clientIp, budget.retryAfterSeconds);
    return resetLinkState(db, token);
  }

  return {
    async requestLink(email, clientIp) {
      const address = email.trim().toLowerCase();
      const perClient = await requestsPerClient.hit([clientIp]);
      if (!perClient.allowed)
        return throttled('password reset request', clientIp, perClient.retryAfterSeconds);
      const perEmail = await requestsPerEmail.hit([address]);
      if (!perEmail.allowed) {
        inBackground('audit a throttled reset request', () => auditThrottledRequest(address));
        return throttled('password reset request', clientIp, perEmail.retryAfterSeconds);
      }
      inBackground('send a password reset link', () => sendLink(address));
      return { kind: 'accepted' };
    },

    async checkLink(token, clientIp) {
      const state = await usableLink(token, clientIp);
      return state.kind === 'valid' ? { kind: 'valid' } : state;
    },

    async resetPassword(token, password, clientIp) {
      const state = await usableLink(token, clientIp);
      if (state.kind !== 'valid') return state;
      const account = await accounts.findByUserId(state.userId);
      if (!account) return { kind: 'invalid' };
      // Hashing is slow (argon2): done before the transaction, which then only writes.
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const userId = await claimResetToken(tx, token);
        if (!userId) return false;
        await retireResetTokens(tx, userId);
        await setPasswordAndSignOut(tx, { userId, subject: account.subject, passwordHash });
        return true;
      });
      // Lost a race with another submission of the same link (or it just expired).
      if (!done) {
        const now = await resetLinkState(db, token);
        return now.kind === 'valid' ? { kind: 'used' } : now;
      }
      log.info({ userId: account.userId }, 'password reset; every session signed out');
      await audit(
        account,
        'password reset, every session signed out',
        PASSWORD_RESET_PATHS.reset,
        200,
      );
      return { kind: 'done' };
    },

    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
