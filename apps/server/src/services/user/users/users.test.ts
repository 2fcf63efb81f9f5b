import { describe, expect, it } from 'vitest';
import { profileSchema, type ErrorEnvelope } from '@revlane/contracts';
import { asUser, testUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';
import { uploadPng } from '../../../../test/uploads.js';

const base = '/user/api/v1';

describe('user service: profile, terms', () => {
  const s = useTestApp(async (t) => ({
    ada: await testUser(t, 'ada@analytical.example', {
      name: 'Ada Lovelace',
      picture: 'https://img.test/ada.png',
    }),
  }));

  it('GET users/me answers the profile of the signed-in user', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, { method: 'GET', url: `${base}/users/me` }),
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: unknown }>();
    expect(profileSchema.parse(data)).toMatchObject({
      displayName: 'Ada Lovelace',
      email: 'ada@analytical.example',
      photo: 'https://img.test/ada.png',
      role: 'owner',
      organization: { name: 'analytical.example' },
      app: { termsOfService: { accepted: false } },
      impersonatedBy: null,
    });
  });

  it('PATCH users/me/profile trims and stores the display name', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url: `${base}/users/me/profile`,
        payload: { displayName: '  Countess Ada  ' },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { displayName: 'Countess Ada' } });
    const again = await s.t.app.inject(asUser(s.ada, { method: 'GET', url: `${base}/users/me` }));
    expect(again.json()).toMatchObject({ data: { displayName: 'Countess Ada' } });
  });

  it.each([
    ['empty', '   ', 'Full name is required'],
    ['over 100 characters', 'x'.repeat(101), 'Full name must be at most 100 characters'],
  ])(
    'PATCH users/me/profile rejects a %s name with 400 naming displayName',
    async (_case, displayName, message) => {
      const response = await s.t.app.inject(
        asUser(s.ada, {
          method: 'PATCH',
          url: `${base}/users/me/profile`,
          payload: { displayName },
        }),
      );
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorEnvelope>();
      expect(body.error).toBe('bad_request');
      expect(body.message).toContain(message);
      expect(body.errors).toEqual([{ path: 'body.displayName', message }]);
      const profile = await s.t.app.inject(
        asUser(s.ada, { method: 'GET', url: `${base}/users/me` }),
      );
      expect(profile.json()).toMatchObject({ data: { displayName: 'Countess Ada' } });
    },
  );

  it('PATCH users/me changes display name and photo', async () => {
    const { thumbnailUrl } = await uploadPng(s.t, s.ada);
    const response = await s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url: `${base}/users/me`,
        payload: { displayName: 'Ada', photo: thumbnailUrl },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { displayName: 'Ada', photo: thumbnailUrl } });
    const cleared = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: `${base}/users/me`, payload: { photo: null } }),
    );
    expect(cleared.json()).toMatchObject({ data: { displayName: 'Ada', photo: null } });
  });

  it('PATCH users/me reports every invalid field at once', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url: `${base}/users/me`,
        payload: { displayName: '', photo: 42, role: 'owner' },
      }),
    );
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path);
    expect(paths.sort()).toEqual(['body.displayName', 'body.photo', 'body.role']);
  });

  it('PATCH users/me with an empty object or no body is a 400', async () => {
    const empty = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: `${base}/users/me`, payload: {} }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      errors: [{ path: 'body', message: 'Send at least one field to change' }],
    });
    const none = await s.t.app.inject(asUser(s.ada, { method: 'PATCH', url: `${base}/users/me` }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'bad_request', errors: [{ path: 'body' }] });
  });

  it('POST users/me/accept-terms accepts the terms, idempotently, with or without a JSON content type', async () => {
    const first = await s.t.app.inject(
      asUser(s.ada, { method: 'POST', url: `${base}/users/me/accept-terms` }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { app: { termsOfService: { accepted: true } } } });
    const second = await s.t.app.inject(
      asUser(s.ada, {
        method: 'POST',
        url: `${base}/users/me/accept-terms`,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ data: { app: { termsOfService: { accepted: true } } } });
  });

  it('every user-service route needs a token', async () => {
    const routes = [
      ['GET', 'users/me'],
      ['PATCH', 'users/me'],
      ['PATCH', 'users/me/profile'],
      ['GET', 'users/me/onboarding-steps'],
      ['PATCH', 'some-user/onboarding/steps/meet-an-expert'],
      ['GET', 'users/me/dashboard'],
      ['PATCH', 'users/me/dashboard'],
      ['POST', 'users/me/accept-terms'],
      ['GET', 'users/me/notifications/slack/channels'],
      ['GET', 'users/me/notifications/slack'],
      ['PATCH', 'users/me/notifications/slack'],
    ] as const;
    for (const [method, path] of routes) {
      const response = await s.t.app.inject({
        method,
        url: `${base}/${path}`,
        payload: method === 'PATCH' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });
});
