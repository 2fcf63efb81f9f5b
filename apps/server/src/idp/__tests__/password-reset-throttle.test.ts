import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/database/schema/index.js';
import { checkLink, forgot, resetTestEnv, waitForOutbox } from './password-reset-helpers.js';
import { useSeededIdp } from './test-server.js';

async function expectThrottled(answer: ReturnType<typeof forgot>) {
  const { response, body } = await answer;
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  const minutes = Math.ceil(retryAfter / 60);
  expect(body).toEqual({
    error: 'too_many_requests',
    message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

describe('embedded identity provider: password reset throttling', () => {
  const idp = useSeededIdp('correct horse battery', resetTestEnv());

  it('limits requests per address (alike for unknown ones) and per client address', async () => {
    const { baseUrl } = idp();
    // Five per address in the window; the sixth is refused, with or without an account.
    for (const email of ['demo@acme.example', 'ghost@acme.example']) {
      for (let i = 0; i < 5; i += 1)
        expect((await forgot(baseUrl, email)).response.status).toBe(200);
      await expectThrottled(forgot(baseUrl, email));
    }
    // Twenty per client address across addresses (the twelve above count): spraying stops.
    for (let i = 0; i < 8; i += 1)
      expect((await forgot(baseUrl, `spray${i}@acme.example`)).response.status).toBe(200);
    await expectThrottled(forgot(baseUrl, 'one-more@acme.example'));

    // The refusal for an address with an account is in that account's audit trail.
    await waitForOutbox(idp(), 5);
    await expect
      .poll(() =>
        idp()
          .handle.db.select({ path: auditLog.path, status: auditLog.statusCode })
          .from(auditLog)
          .where(eq(auditLog.action, 'password reset request throttled')),
      )
      .toEqual([{ path: '/idp/forgot-password', status: 429 }]);
  });

  it('limits link checks per client address', async () => {
    const { baseUrl } = idp();
    for (let i = 0; i < 30; i += 1)
      expect((await checkLink(baseUrl, `guess-${i}`)).response.status).toBe(400);
    await expectThrottled(checkLink(baseUrl, 'guess-31'));
  });
});
