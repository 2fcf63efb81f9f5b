import { describe, expect, it } from 'vitest';
import { TOKEN_LEEWAY_SECONDS } from '@revlane/contracts';
import { TokenRejected, type VerifyAccessToken } from './token-verifier.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

/** A verifier that accepts tokens named `good…` (expiring at `exp`) and counts its calls. */
function countingVerifier(exp: number) {
  const calls: string[] = [];
  const verify: VerifyAccessToken = (token) => {
    calls.push(token);
    if (!token.startsWith('good'))
      return Promise.reject(new TokenRejected('signature verification failed'));
    return Promise.resolve({ sub: `user-of-${token}`, exp });
  };
  return { verify, calls };
}

describe('remembered token verification', () => {
  const start = 1_800_000_000_000;

  it('verifies a token once, then serves its exact text from memory', async () => {
    let now = start;
    const inner = countingVerifier(start / 1000 + 600);
    const verify = rememberVerifiedTokens(inner.verify, () => now);
    expect((await verify('good-1')).sub).toBe('user-of-good-1');
    now += 1_000;
    expect((await verify('good-1')).sub).toBe('user-of-good-1');
    expect(inner.calls).toEqual(['good-1']);
    // Another text (e.g. one character changed) is verified on its own.
    await verify('good-2');
    expect(inner.calls).toEqual(['good-1', 'good-2']);
  });

  it('never remembers a refused token', async () => {
    const inner = countingVerifier(start / 1000 + 600);
    const verify = rememberVerifiedTokens(inner.verify, () => start);
    await expect(verify('forged')).rejects.toBeInstanceOf(TokenRejected);
    await expect(verify('forged')).rejects.toBeInstanceOf(TokenRejected);
    expect(inner.calls).toEqual(['forged', 'forged']);
  });

  it('still refuses a remembered token once it expired past the leeway', async () => {
    let now = start;
    const exp = start / 1000 + 30;
    const verify = rememberVerifiedTokens(countingVerifier(exp).verify, () => now);
    await verify('good-1');
    now = (exp + TOKEN_LEEWAY_SECONDS - 1) * 1000;
    await expect(verify('good-1')).resolves.toMatchObject({ sub: 'user-of-good-1' });
    now = (exp + TOKEN_LEEWAY_SECONDS) * 1000;
    await expect(verify('good-1')).rejects.toBeInstanceOf(TokenRejected);
  });

  it('verifies again after a minute', async () => {
    let now = start;
    const inner = countingVerifier(start / 1000 + 3_600);
    const verify = rememberVerifiedTokens(inner.verify, () => now);
    await verify('good-1');
    now += 61_000;
    await verify('good-1');
    expect(inner.calls).toEqual(['good-1', 'good-1']);
  });
});
