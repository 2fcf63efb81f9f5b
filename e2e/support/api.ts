import { expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER } from './demo.js';
import { signInForAccessToken } from './oauth.js';

/** A JSON call to the app (live-ops, main or sandbox path) with the demo admin's token. */
export type Api = <T>(path: string, init?: RequestInit) => Promise<T>;

/**
 * Signs the demo admin in once and returns its API caller. `expectOk` fails the test on an
 * unsuccessful answer; without it the answer's JSON is returned whatever its status.
 */
export async function apiOf(appUrl: string, { expectOk = false } = {}): Promise<Api> {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  return async <T>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${appUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    if (expectOk) expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
}
