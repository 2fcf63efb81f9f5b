import { SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { makeToken } from '@/testing/jwt';
import {
  captureImpersonationParams,
  clearImpersonation,
  readImpersonation,
} from './impersonation-storage';
import { decodeJwtPayload, isTokenUnexpired } from './jwt';

function store(accessToken: string | null, impersonateUser: string | null) {
  if (accessToken) localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, accessToken);
  if (impersonateUser) localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, impersonateUser);
}

describe('captureImpersonationParams', () => {
  it('moves both query values into local storage and strips them from the address bar', () => {
    const token = makeToken();
    window.history.replaceState(
      null,
      '',
      `/app/segments/7?tab=cohorts&accessToken=${token}&impersonateUser=user-42#top`,
    );

    captureImpersonationParams();

    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBe(token);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBe('user-42');
    expect(window.location.pathname).toBe('/app/segments/7');
    expect(window.location.search).toBe('?tab=cohorts');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain(token);
  });

  it('leaves the address and storage alone when there is nothing to capture', () => {
    store('old-token', 'old-user');
    window.history.replaceState(null, '', '/app/home?tab=1');
    captureImpersonationParams();
    expect(window.location.search).toBe('?tab=1');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBe('old-token');
  });

  it('starts fresh: a link with only one value drops the stored other half', () => {
    store(makeToken(), 'old-user');
    window.history.replaceState(null, '', '/app/home?impersonateUser=user-9');
    captureImpersonationParams();
    expect(window.location.search).toBe('');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBe('user-9');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(readImpersonation()).toBeNull();
  });
});

describe('readImpersonation', () => {
  it('is active only when both values are present', () => {
    const token = makeToken();
    expect(readImpersonation()).toBeNull();
    store(token, null);
    expect(readImpersonation()).toBeNull();
    clearImpersonation();
    store(null, 'user-42');
    expect(readImpersonation()).toBeNull();
    store(token, 'user-42');
    expect(readImpersonation()).toEqual({ accessToken: token, impersonatedUserId: 'user-42' });
  });

  it('clears both values when the stored token has expired', () => {
    store(makeToken({}, -1), 'user-42');
    expect(readImpersonation()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
  });

  it('treats a token that cannot be decoded as expired', () => {
    store('not-a-jwt', 'user-42');
    expect(readImpersonation()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
  });
});

describe('jwt helpers', () => {
  it('decodes base64url payloads, including non-ASCII claims', () => {
    const token = makeToken({ name: 'Zoë Ångström', sub: 'a?b>c' });
    expect(decodeJwtPayload(token)).toMatchObject({ name: 'Zoë Ångström', sub: 'a?b>c' });
  });

  it('is valid only while the expiry lies in the future', () => {
    const exp = 1_700_000_000;
    const token = makeToken({ exp });
    expect(isTokenUnexpired(token, exp * 1000 - 1)).toBe(true);
    expect(isTokenUnexpired(token, exp * 1000)).toBe(false);
    expect(isTokenUnexpired(makeToken({ exp: 'soon' }))).toBe(false);
  });
});
