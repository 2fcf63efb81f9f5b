import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Locks, ReleaseLock } from '../../../platform/locks/index.js';

/** The locks every process shares (`app.locks`: PostgreSQL advisory locks, in-process on PGlite). */
export type SharedLocks = Pick<Locks, 'acquire'>;

export interface SharedTusLockerOptions {
  /** How long a request waits for an upload's lock before tus answers 500 (tus's 30 s). */
  acquireTimeoutMs?: number;
  /** How often a holder looks for a release request, and a waiter renews its own. */
  pollMs?: number;
}

const NAMESPACE = 'tus-upload';
/** A lock not had within this long is held by another request. */
const ASK_AFTER_MS = 100;

/**
 * tus's lock on an upload, held by one request at a time in whichever process it reached
 * (ADR 0035): a PATCH on one web process and a HEAD or PATCH on another never write or read
 * the upload at once. tus asks a holder to let go when a newer request wants the upload (a
 * client resuming after its connection dropped, the old request half open): here the waiter
 * writes `<upload id>.release` beside the upload, in the directory every process shares, and
 * the holder, which looks for it every `pollMs`, calls tus's release callback; tus then ends
 * its request within its drain timeout. Upload ids never hold a dot, so the marker is never
 * an upload.
 */
export class SharedTusLocker implements Locker {
  private readonly acquireTimeoutMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly locks: SharedLocks,
    private readonly directory: string,
    options: SharedTusLockerOptions = {},
  ) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
  }

  newLock(id: string): Lock {
    return new SharedTusLock(this.locks, path.join(this.directory, `${id}.release`), id, {
      acquireTimeoutMs: this.acquireTimeoutMs,
      pollMs: this.pollMs,
    });
  }
}

/** tus's ERR_LOCK_TIMEOUT (`status_code`, `body`, which tus answers with), as an Error. */
const lockTimeout = () =>
  Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

class SharedTusLock implements Lock {
  private release: ReleaseLock | null = null;
  private watching: AbortController | null = null;

  constructor(
    private readonly locks: SharedLocks,
    private readonly marker: string,
    private readonly id: string,
    private readonly options: Required<SharedTusLockerOptions>,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const signal = AbortSignal.any([
      stopSignal,
      AbortSignal.timeout(this.options.acquireTimeoutMs),
    ]);
    const acquired = new AbortController();
    const asking = this.askForRelease(AbortSignal.any([signal, acquired.signal]));
    try {
      this.release = await this.locks.acquire(NAMESPACE, this.id, { signal });
    } catch (error) {
      // tus answers a wait that timed out or whose request went away alike (its 500).
      if (signal.aborted) throw lockTimeout();
      throw error;
    } finally {
      acquired.abort();
      // The request is answered (or given up): a waiter still waiting writes it again.
      if (await asking) await rm(this.marker, { force: true });
    }
    this.watching = new AbortController();
    // A marker it cannot read is no request: the request then ends as it would have.
    void this.watchForRelease(this.watching.signal, requestRelease).catch(() => undefined);
  }

  async unlock(): Promise<void> {
    const release = this.release;
    if (!release) throw new Error('Releasing an unlocked lock!');
    this.release = null;
    this.watching?.abort();
    this.watching = null;
    await release();
  }

  /**
   * Asks whoever holds the upload to let go, again every `pollMs`, until the signal: only
   * after a first moment, so an upload nobody holds costs no file. Answers whether it asked.
   */
  private async askForRelease(signal: AbortSignal): Promise<boolean> {
    let asked = false;
    await sleep(ASK_AFTER_MS, undefined, { signal }).catch(() => undefined);
    while (!signal.aborted) {
      await writeFile(this.marker, '').catch(() => undefined);
      asked = true;
      await sleep(this.options.pollMs, undefined, { signal }).catch(() => undefined);
    }
    return asked;
  }

  private async watchForRelease(signal: AbortSignal, requestRelease: RequestRelease) {
    while (!signal.aborted) {
      await sleep(this.options.pollMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted || !(await exists(this.marker))) continue;
      await rm(this.marker, { force: true });
      if (!signal.aborted) await requestRelease();
      return;
    }
  }
}
