import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COHORT_ID, favorites } from '@/features/cohorts/testing/cohort-fixtures';
import { stubApi } from '@/testing/api-stub';
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
