import type { Readable } from 'node:stream';

/**
 * Where file bytes live (docs/architecture.md §3.2): a local directory by default; an S3-compatible
 * store can implement the same three calls later. Keys are `/`-separated paths chosen
 * by the server (never by a client), e.g. `<orgId>/<fileId>`.
 */
export interface FileStorage {
  /**
   * Stores the stream under the key and resolves with the number of bytes written. All or
   * nothing: when the stream fails (too large, wrong type, client gone) nothing is left.
   */
  put(key: string, body: Readable): Promise<number>;
  /** The stored bytes, or null when there is nothing under the key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:[./][A-Za-z0-9_-]+)*$/;

/** Keys are server-made, but a slip must never turn into a path outside the store. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment.startsWith('.'))) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
