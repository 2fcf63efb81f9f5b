import { describe, expect, it } from 'vitest';
import { asUser, testUser } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

const me = '/user/api/v1/users/me';

/** The signed-in account is cached between requests: never across users, never past a write. */
describe('auth: account cache', () => {
  const s = useTestApp(async (t) => ({
    ada: await testUser(t, 'ada@analytical.example', { name: 'Ada' }),
    bob: await testUser(t, 'bob@babbage.example', { name: 'Bob' }),
  }));
  const profileOf = async (user: typeof s.ada) => {
    const response = await s.t.app.inject(asUser(user, { method: 'GET', url: me }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { displayName: string; organization: { name: string } } }>().data;
  };

  it('answers each user with their own account and organization', async () => {
    const [ada, bob] = await Promise.all([profileOf(s.ada), profileOf(s.bob)]);
    expect(ada).toMatchObject({ displayName: 'Ada', organization: { name: 'analytical.example' } });
    expect(bob).toMatchObject({ displayName: 'Bob', organization: { name: 'babbage.example' } });
  });

  it('sees a change of the user at once', async () => {
    await profileOf(s.ada);
    const patched = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: me, payload: { displayName: 'Countess Ada' } }),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await profileOf(s.ada)).displayName).toBe('Countess Ada');
  });

  it('still verifies the token on every request', async () => {
    await profileOf(s.ada);
    const forged = await s.t.app.inject({
      method: 'GET',
      url: me,
      headers: { authorization: `Bearer ${s.ada.token}x` },
    });
    expect(forged.statusCode).toBe(401);
  });
});
