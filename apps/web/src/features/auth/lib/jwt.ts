import { isRecord } from '@/common/lib/is-record';

/**
 * Reads a JWT's payload without verifying it. Only for local decisions such as "is the stored
 * token still usable"; the servers verify every token they receive.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const decoded: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isRecord(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** docs/product.md §5: a stored access token is valid only if its expiry lies in the future. */
export function isTokenUnexpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 > nowMs;
}
