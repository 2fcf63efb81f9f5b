import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COHORT_ID, favorites } from '@/features/cohorts/testing/cohort-fixtures';
import { stubApi } from '@/testing/api-stub';
import { dashboardSettings } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';

const FAVORITES = 'GET /live-ops/api/v1/cohorts/favorites';

async function openHome(answer: object | (() => Response)) {
  storeImpersonation();
  stubApi({ [FAVORITES]: answer });
  renderApp('/app/home');
  const title = await screen.findByText('Favorite cohorts', { selector: 'h3' });
  return title.closest('section')!;
}

describe('home favorite cohorts', () => {
  it('lists starred cohorts with their size, segment, link and a 30-day sparkline', async () => {
    const panel = await openHome(favorites);
    const link = await within(panel).findByRole('link', { name: 'Big Pro accounts' });
    expect(link).toHaveAttribute('href', `/app/segments/seg-1/${COHORT_ID}`);
    expect(panel).toHaveTextContent('Active accounts');
    expect(panel).toHaveTextContent('1,204 members');
    const sparkline = within(panel).getByRole('img', {
      name: 'Members of Big Pro accounts over the last 30 days',
    });
    // Days without a snapshot are left out of the line: three points of four.
    expect(sparkline.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('says how to get favorites when none are starred', async () => {
    const panel = await openHome([]);
    expect(await within(panel).findByText(/No favorite cohorts yet/)).toBeInTheDocument();
  });

  it('shows a failure inside the panel with a retry', async () => {
    const panel = await openHome(() =>
      jsonResponse(500, { error: 'internal_error', message: 'Snapshots unavailable.' }),
    );
    expect(await within(panel).findByText('Snapshots unavailable.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('home segment trends', () => {
  it("lists every cohort with history under its segment, over the user's trend range", async () => {
    storeImpersonation();
    const trends = [
      { ...favorites[0]!, favorite: false, sparkline: Array.from({ length: 90 }, (_, day) => day) },
    ];
    const api = stubApi({
      'GET /user/api/v1/users/me/dashboard': { ...dashboardSettings, trendRangeDays: 90 },
      'GET /live-ops/api/v1/cohorts/trends': trends,
    });
    renderApp('/app/home');
    const panel = await screen.findByRole('region', { name: 'Segment trends' });
    const list = await within(panel).findByRole('list', { name: 'Cohorts of Active accounts' });
    const link = within(list).getByRole('link', { name: 'Big Pro accounts' });
    expect(link).toHaveAttribute('href', `/app/segments/seg-1/${COHORT_ID}`);
    expect(list).toHaveTextContent('1,204 members');
    const line = within(list).getByRole('img', {
      name: 'Members of Big Pro accounts over the last 90 days',
    });
    expect(line.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(90);
    const asked = api.requests.find((request) => request.url.includes('/cohorts/trends'));
    expect(new URL(asked!.url, 'http://localhost').searchParams.get('days')).toBe('90');
  });

  it('says what will show when no cohort has history yet', async () => {
    storeImpersonation();
    stubApi();
    renderApp('/app/home');
    const panel = await screen.findByRole('region', { name: 'Segment trends' });
    expect(
      await within(panel).findByText(/No segment trends yet. Cohort sizes over the last 30 days/),
    ).toBeInTheDocument();
  });
});
