import { createHash, randomBytes } from 'node:crypto';

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A minimal browser for the sign-in flow: fetch without following redirects, and a cookie jar
 * that honours cookie paths (the provider scopes its cookies to the interaction and resume
 * paths), so the tests see what a real browser would send.
 */
export class Browser {
  readonly cookies = new Map<string, StoredCookie>();
  /** Raw Set-Cookie headers of the last response. */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(response.headers.getSetCookie());
    return response;
  }

  /** Location of a redirect, resolved against the request's origin. */
  static location(response: Response): URL {
    const location = response.headers.get('location');
    if (!location) throw new Error(`expected a redirect, got ${response.status}`);
    return new URL(location, response.url);
  }

  cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private store(setCookies: string[]) {
    this.lastSetCookies = setCookies;
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path =
        attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice('path='.length) ?? '/';
      const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
      const isDeleted =
        value === '' || (expires && new Date(expires.slice(8)).getTime() < Date.now());
      if (isDeleted) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const randomState = () => randomBytes(16).toString('base64url');
