import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_SETTINGS } from '@revlane/contracts';
import { asUser, testUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

const url = '/user/api/v1/users/me/dashboard';

describe('user service: dashboard settings', () => {
  const s = useTestApp(async (t) => ({ ada: await testUser(t, 'ada@dash.example') }));

  it('starts from the defaults', async () => {
    const response = await s.t.app.inject(asUser(s.ada, { method: 'GET', url }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: DEFAULT_DASHBOARD_SETTINGS });
  });

  it('changes only the settings sent, and keeps them', async () => {
    const first = await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url, payload: { trendRangeDays: 90 } }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { ...DEFAULT_DASHBOARD_SETTINGS, trendRangeDays: 90 } });
    await s.t.app.inject(
      asUser(s.ada, { method: 'PATCH', url, payload: { showRecentAlerts: false } }),
    );
    const stored = await s.t.app.inject(asUser(s.ada, { method: 'GET', url }));
    expect(stored.json()).toEqual({
      data: { trendRangeDays: 90, showRecentAlerts: false, showPlayActivity: true },
    });
  });

  it('rejects bad values and unknown settings, naming each, and changes nothing', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url,
        payload: { trendRangeDays: 7, showPlayActivity: 'yes', theme: 'dark' },
      }),
    );
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path);
    expect(paths.sort()).toEqual(['body.showPlayActivity', 'body.theme', 'body.trendRangeDays']);
    const empty = await s.t.app.inject(asUser(s.ada, { method: 'PATCH', url, payload: {} }));
    expect(empty.statusCode).toBe(400);
    const stored = await s.t.app.inject(asUser(s.ada, { method: 'GET', url }));
    expect(stored.json()).toEqual({
      data: { trendRangeDays: 90, showRecentAlerts: false, showPlayActivity: true },
    });
  });
});
