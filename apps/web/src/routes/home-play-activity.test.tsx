import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIN, PLAY_ID, play, playPage, run } from '@/features/plays/testing/play-fixtures';
import { stubApi } from '@/testing/api-stub';
import { dashboardSettings } from '@/testing/fixtures';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';

async function openHome(routes: Parameters<typeof stubApi>[0]) {
  storeImpersonation();
  stubApi(routes);
  renderApp('/app/home');
  return screen.findByRole('region', { name: 'Play activity' });
}

describe('home play activity', () => {
  it('lists the latest runs across plays, newest first, with counts and a link to each play; the last opened play is linked', async () => {
    localStorage.setItem('revlane.settings', JSON.stringify({ selectedPlay: 'p-3' }));
    const panel = await openHome({
      [`GET ${MAIN}/plays`]: playPage([
        play(),
        play({
          id: 'p-2',
          name: 'Owner tasks',
          lastRun: run({
            id: 'r-2',
            startedAt: '2026-03-05T08:00:00.000Z',
            status: 'succeeded',
            counts: { records: 50, succeeded: 50, failed: 0, pending: 0 },
          }),
        }),
        play({ id: 'p-3', name: 'Never ran', lastRun: null }),
      ]),
    });
    const list = await within(panel).findByRole('list', { name: 'Recent play runs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Owner tasks',
      'Slack + webhook',
    ]);
    expect(items[0]).toHaveTextContent('succeeded50 records: 50 succeeded');
    expect(items[1]).toHaveTextContent('partial2 records: 3 succeeded, 1 failed');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', `/app/plays/${PLAY_ID}`);
    expect(within(panel).getByRole('link', { name: 'Never ran' })).toHaveAttribute(
      'href',
      '/app/plays/p-3',
    );
    expect(panel).toHaveTextContent('Last opened: Never ran');
  });

  it('says so when no play has run yet', async () => {
    const panel = await openHome({ [`GET ${MAIN}/plays`]: playPage([play({ lastRun: null })]) });
    expect(await within(panel).findByText(/No play activity yet/)).toBeInTheDocument();
  });

  it('is left out when the dashboard settings hide play activity', async () => {
    storeImpersonation();
    stubApi({
      'GET /user/api/v1/users/me/dashboard': { ...dashboardSettings, showPlayActivity: false },
    });
    renderApp('/app/home');
    await screen.findByRole('region', { name: 'Segment trends' });
    expect(screen.queryByRole('region', { name: 'Play activity' })).toBeNull();
  });
});
