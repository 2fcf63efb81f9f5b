import { describe, expect, it } from 'vitest';
import { asUser, testUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

const base = '/user/api/v1/users/me/notifications/slack';

describe('user service: Slack notification settings', () => {
  const s = useTestApp(async (t) => ({ ada: await testUser(t, 'ada@slack.example') }));

  it('lists no channels until Slack is connected', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, { method: 'GET', url: `${base}/channels` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('has no channel chosen at first, and accepts turning Slack alerts off', async () => {
    const initial = await s.t.app.inject(asUser(s.ada, { method: 'GET', url: base }));
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ data: { channelId: null } });
    const off = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: base, payload: { channelId: null } }),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { channelId: null } });
  });

  it('refuses a channel the workspace does not offer with 422 naming channelId', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: base, payload: { channelId: 'C0HACKED' } }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'unprocessable_entity',
      errors: [{ path: 'body.channelId' }],
    });
    const stored = await s.t.app.inject(asUser(s.ada, { method: 'GET', url: base }));
    expect(stored.json()).toEqual({ data: { channelId: null } });
  });

  it('rejects malformed settings with 400 naming each field', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url: base, payload: { channelId: '', mute: true } }),
    );
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path);
    expect(paths.sort()).toEqual(['body.channelId', 'body.mute']);
  });
});
