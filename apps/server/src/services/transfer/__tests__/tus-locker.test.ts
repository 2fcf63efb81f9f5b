import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERRORS } from '@tus/server';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLocks } from '../../../platform/locks/index.js';
import { SharedTusLocker } from '../uploads/tus-locker.js';

describe('tus locker on the shared locks (ADR 0035)', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'revlane-tus-locker-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  // Two lockers on one directory and one set of locks: the processes of a deployment.
  const locks = createLocks({ kind: 'pglite' }, pino({ level: 'silent' }));
  const options = { acquireTimeoutMs: 1_000, pollMs: 20 };
  const processA = new SharedTusLocker(locks, directory, options);
  const processB = new SharedTusLocker(locks, directory, options);
  const never = () => new AbortController().signal;

  it('takes a free upload at once, leaving no file behind', async () => {
    const lock = processA.newLock('org_free');
    await lock.lock(never(), () => undefined);
    await lock.unlock();
    expect(readdirSync(directory)).toEqual([]);
  });

  it('asks the holder in another process to let go, and then has the upload', async () => {
    const holder = processA.newLock('org_held');
    const requestRelease = vi.fn(() => {
      // tus ends the holder's request, which unlocks.
      setTimeout(() => void holder.unlock(), 10);
    });
    await holder.lock(never(), requestRelease);
    const waiter = processB.newLock('org_held');
    const released = vi.fn();
    await waiter.lock(never(), released);
    expect(requestRelease).toHaveBeenCalledTimes(1);
    expect(released).not.toHaveBeenCalled();
    await waiter.unlock();
    expect(existsSync(path.join(directory, 'org_held.release'))).toBe(false);
  });

  it('gives up after its bounded wait, or when its request goes away, as tus expects', async () => {
    const holder = processA.newLock('org_stuck');
    // A holder that does not let go (its request ignores the cancel).
    await holder.lock(never(), () => undefined);
    const started = Date.now();
    await expect(
      processB.newLock('org_stuck').lock(never(), () => undefined),
    ).rejects.toMatchObject(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const gone = new AbortController();
    setTimeout(() => gone.abort(), 50);
    await expect(
      processB.newLock('org_stuck').lock(gone.signal, () => undefined),
    ).rejects.toMatchObject(ERRORS.ERR_LOCK_TIMEOUT);
    await holder.unlock();
    // The upload is free again for the next request.
    const next = processB.newLock('org_stuck');
    await next.lock(never(), () => undefined);
    await next.unlock();
  });
});
