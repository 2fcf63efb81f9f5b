import { describe, expect, it } from 'vitest';
import { createMemoryCounter } from '../../platform/http/rate-limit-store.js';
import { createLoginThrottle, createSignInThrottle } from '../login-throttle.js';
import { checkSignInPassword, hashPassword } from '../passwords.js';
import { rewriteLogout } from '../provider-mount.js';
import { jsonToForm } from '../replayed-request.js';

describe('rewriteLogout', () => {
  it("renames Auth0's returnTo and keeps the rest", () => {
    expect(rewriteLogout('/v2/logout?client_id=web&returnTo=http%3A%2F%2Flocalhost%3A3000')).toBe(
      '/v2/logout?client_id=web&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000',
    );
  });
  it('leaves other paths and an explicit post_logout_redirect_uri alone', () => {
    expect(rewriteLogout('/authorize?returnTo=x')).toBe('/authorize?returnTo=x');
    expect(rewriteLogout('/v2/logout?post_logout_redirect_uri=a&returnTo=b')).toBe(
      '/v2/logout?post_logout_redirect_uri=a',
    );
    expect(rewriteLogout('/v2/logout')).toBe('/v2/logout');
  });
});

describe('jsonToForm', () => {
  it('encodes a JSON object as a form', () => {
    const form = jsonToForm(Buffer.from(JSON.stringify({ a: 'x y', n: 1, skip: null })));
    expect(form?.toString()).toBe('a=x+y&n=1');
  });
  it('refuses what is not a JSON object', () => {
    expect(jsonToForm(Buffer.from('[1]'))).toBeUndefined();
    expect(jsonToForm(Buffer.from('{oops'))).toBeUndefined();
  });
});

describe('createLoginThrottle', () => {
  it('blocks after the limit within the window and forgets afterwards', async () => {
    let now = 0;
    const counter = createMemoryCounter({ now: () => now });
    const throttle = createLoginThrottle({ counter, prefix: 't:', maxFailures: 3, windowMs: 1000 });
    for (let i = 0; i < 3; i += 1) {
      expect(await throttle.isBlocked('k')).toBe(false);
      await throttle.recordFailure('k');
    }
    expect(await throttle.isBlocked('k')).toBe(true);
    expect(await throttle.isBlocked('other')).toBe(false);
    now = 1001;
    expect(await throttle.isBlocked('k')).toBe(false);
    await throttle.recordFailure('k');
    await throttle.reset('k');
    expect(await throttle.isBlocked('k')).toBe(false);
  });
});

describe('createSignInThrottle', () => {
  it('counts one address across emails (password spraying), and a success never clears that', async () => {
    let now = 0;
    const counter = createMemoryCounter({ now: () => now });
    const throttle = createSignInThrottle({
      counter,
      perAccount: createLoginThrottle({ counter, prefix: 'a:', maxFailures: 3, windowMs: 60_000 }),
      perAddress: createLoginThrottle({ counter, prefix: 'i:', maxFailures: 5, windowMs: 60_000 }),
    });
    for (let i = 0; i < 5; i += 1) {
      expect(await throttle.retryAfterSeconds(`user${i}@spray.example`, '10.0.0.1')).toBe(0);
      await throttle.recordFailure(`user${i}@spray.example`, '10.0.0.1');
      now += 1000;
    }
    // A sixth, never-tried email from that address waits until the window opened by the
    // first failure closes.
    expect(await throttle.retryAfterSeconds('fresh@spray.example', '10.0.0.1')).toBe(55);
    await throttle.recordSuccess('known@spray.example', '10.0.0.1');
    expect(await throttle.retryAfterSeconds('fresh@spray.example', '10.0.0.1')).toBe(55);
    expect(await throttle.retryAfterSeconds('fresh@spray.example', '10.0.0.2')).toBe(0);
    now = 60_001;
    expect(await throttle.retryAfterSeconds('fresh@spray.example', '10.0.0.1')).toBe(0);
  });

  it('counts one email from one address, and a success clears it', async () => {
    const throttle = createSignInThrottle({ counter: createMemoryCounter() });
    for (let i = 0; i < 10; i += 1) await throttle.recordFailure('Dana@acme.example', '10.0.0.1');
    expect(await throttle.retryAfterSeconds('dana@acme.example ', '10.0.0.1')).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds('dana@acme.example', '10.0.0.2')).toBe(0);
    await throttle.recordSuccess('dana@acme.example', '10.0.0.1');
    expect(await throttle.retryAfterSeconds('dana@acme.example', '10.0.0.1')).toBe(0);
  });
});

describe('checkSignInPassword', () => {
  it('spends one argon2 verification whether or not the email has an account', async () => {
    const checked: string[] = [];
    const check = (hash: string, password: string) => {
      checked.push(hash);
      return Promise.resolve(password === 'right');
    };
    const real = await hashPassword('right');
    expect(await checkSignInPassword(real, 'right', check)).toBe(true);
    expect(await checkSignInPassword(real, 'wrong', check)).toBe(false);
    // No account: a dummy hash is verified all the same, and the answer is always false.
    expect(await checkSignInPassword(undefined, 'right', check)).toBe(false);
    expect(checked).toHaveLength(3);
    expect(checked[2]).toMatch(/^\$argon2id\$/);
    expect(checked[2]).not.toBe(real);
  });
});
