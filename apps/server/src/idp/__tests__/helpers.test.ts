import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../login-throttle.js';
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
  it('blocks after the limit within the window and forgets afterwards', () => {
    let now = 0;
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 1000, now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.isBlocked('k')).toBe(false);
      throttle.recordFailure('k');
    }
    expect(throttle.isBlocked('k')).toBe(true);
    expect(throttle.isBlocked('other')).toBe(false);
    now = 1001;
    expect(throttle.isBlocked('k')).toBe(false);
    throttle.recordFailure('k');
    throttle.reset('k');
    expect(throttle.isBlocked('k')).toBe(false);
  });
});
