import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '@revlane/contracts';
import {
  auditLog,
  idpModels,
  passwordResetTokens,
  users,
} from '../../platform/database/schema/index.js';
import { Browser } from './browser.js';
import {
  checkLink,
  forgot,
  outbox,
  postJson,
  resetPassword,
  resetTestEnv,
  tokenOf,
  waitForOutbox,
} from './password-reset-helpers.js';
import {
  authorizeRequest,
  exchangeCode,
  postLogin,
  refreshTokens,
  signIn,
  startSignIn,
} from './sdk-flow.js';
import { useSeededIdp } from './test-server.js';

const PASSWORD = 'correct horse battery';

describe('embedded identity provider: forgot and reset password', () => {
  const idp = useSeededIdp(PASSWORD, resetTestEnv());

  it('answers the same for an account and for no account, and mails only the account', async () => {
    const { baseUrl } = idp();
    const known = await forgot(baseUrl, 'Alex@ACME.example');
    const unknown = await forgot(baseUrl, 'nobody@acme.example');
    expect(known.response.status).toBe(200);
    expect(unknown.response.status).toBe(known.response.status);
    expect(known.body).toEqual({ data: { message: FORGOT_PASSWORD_ANSWER } });
    expect(unknown.body).toEqual(known.body);
    expect(known.response.headers.get('cache-control')).toBe('no-store');

    const [message] = await waitForOutbox(idp(), 1);
    expect(message).toMatchObject({
      to: 'alex@acme.example',
      subject: 'Reset your Revlane password',
    });
    expect(message!.text).toContain(`${baseUrl}/reset-password#token=`);
    const token = tokenOf(message!);

    // Only the hash is stored, and the outbox file on disk is sealed.
    const rows = await idp().handle.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const outboxDir = path.join(idp().config.dataDir, 'outbox');
    for (const file of readdirSync(outboxDir))
      expect(readFileSync(path.join(outboxDir, file), 'utf8')).not.toContain(token);

    const audited = await idp()
      .handle.db.select({ action: auditLog.action, subject: auditLog.subjectUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'password reset link sent'));
    expect(audited).toEqual([{ action: 'password reset link sent', subject: rows[0]!.userId }]);
  });

  it('resets once: the new password signs in, every session and refresh token of the user ends', async () => {
    const { baseUrl } = idp();
    const before = outbox(idp()).length;
    const browser = new Browser(baseUrl);
    const tokens = await exchangeCode(
      baseUrl,
      await signIn(browser, 'demo@acme.example', PASSWORD),
    );
    expect(tokens.body.refresh_token).toBeTruthy();

    await forgot(baseUrl, 'demo@acme.example');
    const token = tokenOf((await waitForOutbox(idp(), before + 1)).at(-1)!);
    expect((await checkLink(baseUrl, token)).response.status).toBe(200);

    // The rules of any new password apply; a refused password leaves the link usable.
    const short = await resetPassword(baseUrl, token, 'short');
    expect(short.response.status).toBe(400);
    expect(short.body.errors).toEqual([
      { path: 'password', message: 'Use at least 8 characters.' },
    ]);

    const done = await resetPassword(baseUrl, token, 'a brand new secret');
    expect(done.response.status).toBe(200);
    expect(done.body).toEqual({
      data: { message: 'Your password has been changed. Sign in with your new password.' },
    });

    const refreshed = await refreshTokens(baseUrl, tokens.body.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
    const silent = await browser.fetch(
      authorizeRequest(baseUrl, { prompt: 'none' }).url.toString(),
    );
    expect(Browser.location(silent).searchParams.get('error')).toBe('login_required');
    const [user] = await idp()
      .handle.db.select({ subject: users.subject })
      .from(users)
      .where(eq(users.email, 'demo@acme.example'));
    const left = await idp().handle.db.select({ payload: idpModels.payload }).from(idpModels);
    expect(left.filter(({ payload }) => payload.accountId === user!.subject)).toEqual([]);

    const fresh = new Browser(baseUrl);
    const uid = await startSignIn(fresh, authorizeRequest(baseUrl));
    const old = await postLogin(fresh, uid, { email: 'demo@acme.example', password: PASSWORD });
    expect(old.status).toBe(401);
    await signIn(new Browser(baseUrl), 'demo@acme.example', 'a brand new secret');

    for (const again of [
      checkLink(baseUrl, token),
      resetPassword(baseUrl, token, 'yet another one'),
    ]) {
      const { response, body } = await again;
      expect(response.status).toBe(410);
      expect(body).toMatchObject({
        error: 'reset_link_used',
        message: 'This link has already been used. Request a new one.',
      });
    }
    const audited = await idp()
      .handle.db.select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'password reset, every session signed out'));
    expect(audited).toHaveLength(1);
  });

  it('says when a link expired or was tampered with, and changes nothing', async () => {
    const { baseUrl } = idp();
    const before = outbox(idp()).length;
    await forgot(baseUrl, 'support@revlane.dev');
    const token = tokenOf((await waitForOutbox(idp(), before + 1)).at(-1)!);

    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'not-a-token']) {
      const { response, body } = await resetPassword(baseUrl, bad, 'a brand new secret');
      expect(response.status).toBe(400);
      expect(body).toMatchObject({
        error: 'reset_link_invalid',
        message: 'This link is not valid. Request a new one.',
        errors: [{ path: 'token' }],
      });
    }

    await idp()
      .handle.db.update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await resetPassword(baseUrl, token, 'a brand new secret');
    expect(expired.response.status).toBe(410);
    expect(expired.body).toMatchObject({
      error: 'reset_link_expired',
      message: 'This link has expired. Request a new one.',
    });
    // The old password still works: nothing was changed.
    await signIn(new Browser(baseUrl), 'support@revlane.dev', PASSWORD);
  });

  it('answers bad bodies with 400 naming the field', async () => {
    const { baseUrl } = idp();
    const noEmail = await forgot(baseUrl, 'not-an-email');
    expect(noEmail.response.status).toBe(400);
    expect(noEmail.body).toMatchObject({
      error: 'bad_request',
      errors: [{ path: 'email', message: 'Enter a valid email address.' }],
    });
    const extra = await postJson(baseUrl, '/idp/reset-password', { password: 'long enough', x: 1 });
    expect(extra.response.status).toBe(400);
    expect((extra.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'token',
      'x',
    ]);
  });
});
