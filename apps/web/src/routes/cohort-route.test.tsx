import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COHORT_API_ROUTES,
  COHORT_ID,
  changes,
  cohort,
} from '@/features/cohorts/testing/cohort-fixtures';
import { stubLocationAssign } from '@/testing/location-stub';
import { stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';

// Whole pages with the table, chart and lists; on a busy shared machine these take a while.
const SLOW_ROUTE_TEST_MS = 60_000;
const COHORT_PAGE = `/app/segments/seg-1/${COHORT_ID}`;
const DATA = '/live-ops/api/v1/segments/seg-1/data';

function openCohort(search = '', routes: ApiRoutes = {}) {
  storeImpersonation();
  const stub = stubApi({ ...COHORT_API_ROUTES, ...routes });
  renderApp(`${COHORT_PAGE}${search}`);
  return stub;
}

const pathOf = (request: RecordedRequest) => new URL(request.url).pathname;
const bodiesTo = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && pathOf(r) === path).map((r) => r.body);
const urlFilters = () => new URLSearchParams(window.location.search).get('filters');

/**
 * A tab of the cohort's activity card, opened: its panel. Found by text first, since role
 * queries over the whole page are slow.
 */
async function openTab(name: string) {
  const tab = await screen.findByText(name, { selector: '[role="tab"]' });
  if (tab.getAttribute('aria-selected') !== 'true') await userEvent.click(tab);
  await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
  return document.getElementById(tab.getAttribute('aria-controls')!)!;
}

describe('cohort page', () => {
  beforeEach(() => {
    // Only the clock: trends ask for "the last N days" up to today (UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'puts the cohort filters into the URL and shows its size, trend, changes and history',
    async () => {
      const { requests } = openCohort();
      expect(await screen.findByText('1,204 members')).toBeInTheDocument();
      expect(screen.getByText('as of March 04 2026 at 09:15 AM')).toBeInTheDocument();
      await waitFor(() => expect(urlFilters()).toBe(JSON.stringify(cohort().filters)));
      // The table asks once, with the cohort's filters: never the unfiltered segment first.
      // The cohort's table is the segment's: a record's name opens its page.
      expect(await screen.findByRole('link', { name: 'Initech' })).toHaveAttribute(
        'href',
        '/app/accounts/acc-2',
      );
      const dataQueries = requests.filter((r) => pathOf(r) === DATA);
      expect(dataQueries.map((r) => new URL(r.url).searchParams.get('filters'))).toEqual([
        JSON.stringify(cohort().filters),
      ]);

      const trend = await openTab('Members over time');
      const chart = await within(trend).findByRole('img', { name: /^Members per day/ });
      expect(chart).toHaveAccessibleName(
        'Members per day over the last 30 days: 1,200 on Mar 2, 1,202 on Mar 4. 7-day average 1,102.',
      );
      expect(within(trend).getByRole('list', { name: 'Latest days' })).toHaveTextContent(
        'Mar 4: 1,202 members, average 1,102',
      );

      const changes = await openTab('Entered / Left');
      expect(await within(changes).findByText('Umbrella')).toBeInTheDocument();
      expect(within(changes).getByRole('region', { name: 'Entered' })).toHaveTextContent(
        'Entered (2)',
      );
      const left = within(changes).getByRole('region', { name: 'Left' });
      expect(left).toHaveTextContent('Left (140)');
      expect(left).toHaveTextContent('vandelay.test');
      expect(left).toHaveTextContent('Showing 1–1 of 140');
      const changeQuery = requests.find((r) => pathOf(r).endsWith('/changes'));
      expect(new URL(changeQuery!.url).searchParams.get('since')).toBe('2026-02-25');

      const history = await openTab('Definition history');
      const versions = await within(history).findByRole('list', { name: 'Versions' });
      // Each version's item holds a nested list of its changes: take the versions themselves.
      const [latest, first] = [...versions.children] as HTMLElement[];
      expect(latest).toHaveTextContent('Version 2 · March 01 2026 at 10:00 AM by Ada Lovelace');
      expect(latest).toHaveTextContent('Name: Pro accounts → changed to Big Pro accounts');
      expect(latest).toHaveTextContent(
        'Filters: Plan is any of Pro → changed to Plan is any of Pro; MRR greater than 1000',
      );
      expect(first).toHaveTextContent('by a deleted user');
      expect(first).toHaveTextContent('Created: Pro accounts with Plan is any of Pro');
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'asks for 30, 90 or 180 days of trend and rolling average',
    async () => {
      const { requests } = openCohort();
      const trend = await openTab('Members over time');
      await within(trend).findByRole('img', { name: /^Members per day/ });
      // The range sits in the card's tab bar, beside the trend's tab.
      const range = screen.getByRole('radiogroup', { name: 'Trend range' });
      await userEvent.click(within(range).getByText('90 days'));
      await waitFor(() =>
        expect(bodiesTo(requests, '/live-ops/api/v1/segments/seg-1/trend')).toHaveLength(2),
      );
      await userEvent.click(within(range).getByText('180 days'));
      expect(within(range).getByRole('radio', { name: '180 days' })).toBeChecked();
      const body = (from: string) => ({
        cohortId: COHORT_ID,
        metric: 'members',
        from,
        to: '2026-03-04',
        interval: 'day',
        window: 7,
      });
      const expected = [body('2026-02-03'), body('2025-12-05'), body('2025-09-06')];
      await waitFor(() =>
        expect(bodiesTo(requests, '/live-ops/api/v1/segments/seg-1/trend')).toEqual(expected),
      );
      expect(bodiesTo(requests, '/live-ops/api/v1/segments/seg-1/rolling-avg')).toEqual(expected);
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'offers to update the cohort with edited URL filters, or to reset them',
    async () => {
      const edited = [{ field: 'plan', operator: 'includes', value: ['Enterprise'] }];
      const { requests } = openCohort(`?filters=${encodeURIComponent(JSON.stringify(edited))}`, {
        [`PATCH /live-ops/api/v1/segments/seg-1/cohorts/${COHORT_ID}`]: (request) =>
          jsonResponse(200, { data: { ...cohort(), ...(request.body as object) } }),
      });
      const bar = (await screen.findByText("The filters differ from the cohort's.")).parentElement!;
      expect(urlFilters()).toBe(JSON.stringify(edited));

      await userEvent.click(within(bar).getByRole('button', { name: 'Reset' }));
      await waitFor(() => expect(urlFilters()).toBe(JSON.stringify(cohort().filters)));
      expect(screen.queryByText("The filters differ from the cohort's.")).not.toBeInTheDocument();

      window.history.back();
      const again = (await screen.findByText("The filters differ from the cohort's."))
        .parentElement!;
      await userEvent.click(within(again).getByRole('button', { name: 'Update cohort' }));
      await waitFor(() =>
        expect(screen.queryByText("The filters differ from the cohort's.")).not.toBeInTheDocument(),
      );
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.body).toEqual({ filters: edited });
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'pages the Left list on its own and exports who left through an export ticket',
    async () => {
      const assign = stubLocationAssign();
      const leftPage = (page: number) => ({
        ...changes,
        page,
        left: {
          total: 140,
          rows: [
            {
              changedAt: '2026-03-01T02:00:00.000Z',
              record: { id: `acc-${page}`, name: `Left on page ${page}` },
            },
          ],
        },
      });
      const { requests } = openCohort('', {
        [`GET /live-ops/api/v1/cohorts/${COHORT_ID}/changes`]: (request) =>
          jsonResponse(200, {
            data: leftPage(Number(new URL(request.url).searchParams.get('page'))),
          }),
        'POST /live-ops/api/v1/segments/seg-1/export-tickets': () =>
          jsonResponse(201, { data: { ticket: 'tkt-9', expiresAt: '2026-03-04T12:01:00.000Z' } }),
      });
      const section = await openTab('Entered / Left');
      const left = within(section).getByRole('region', { name: 'Left' });
      expect(await within(left).findByText('Left on page 1')).toBeInTheDocument();
      await userEvent.click(within(left).getByRole('listitem', { name: 'Next Page' }));
      expect(await within(left).findByText('Left on page 2')).toBeInTheDocument();
      expect(left).toHaveTextContent('Showing 51–51 of 140');
      const asked = requests
        .filter((r) => pathOf(r).endsWith('/changes'))
        .map((r) => Object.fromEntries(new URL(r.url).searchParams));
      expect(asked).toContainEqual({ since: '2026-02-25', change: 'left', page: '2', limit: '50' });

      await userEvent.click(within(left).getByRole('button', { name: 'Export left' }));
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      const ticket = requests.find((r) => pathOf(r).endsWith('/export-tickets'));
      expect(ticket?.body).toMatchObject({
        cohort: COHORT_ID,
        changes: 'left',
        since: '2026-02-25',
      });
      const url = new URL(String(assign.mock.calls[0]![0]));
      expect(url.searchParams.get('changes')).toBe('left');
      expect(url.searchParams.get('token')).toBe('tkt-9');
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'shows a cohort saved moments ago counted, and reads its trend again once its history is built',
    async () => {
      let historyPending = true;
      const { requests } = openCohort('', {
        [`GET /live-ops/api/v1/cohorts/${COHORT_ID}`]: () =>
          jsonResponse(200, {
            data: cohort({
              historyPending,
              snapshotAt: historyPending ? '2026-03-04T11:59:00.000Z' : '2026-03-04T12:00:05.000Z',
            }),
          }),
      });
      expect(await screen.findByText('1,204 members')).toBeInTheDocument();
      expect(screen.queryByText(/Not counted yet/)).not.toBeInTheDocument();
      const trend = await openTab('Members over time');
      await within(trend).findByRole('img', { name: /^Members per day/ });
      expect(within(trend).getByRole('status')).toHaveTextContent('Counting its past days');
      const trendAsked = () => bodiesTo(requests, '/live-ops/api/v1/segments/seg-1/trend').length;
      expect(trendAsked()).toBe(1);

      historyPending = false;
      // The page looks again every 5 s while the history is being built (until-counted.ts).
      await waitFor(() => expect(trendAsked()).toBe(2), { timeout: 10_000 });
      expect(within(trend).queryByRole('status')).not.toBeInTheDocument();
    },
    SLOW_ROUTE_TEST_MS,
  );

  it('says when the cohort does not exist', async () => {
    openCohort('', {
      [`GET /live-ops/api/v1/cohorts/${COHORT_ID}`]: () =>
        jsonResponse(404, { error: 'not_found', message: 'Cohort not found' }),
    });
    expect(await screen.findByText('Cohort not found', { selector: 'h2' })).toBeInTheDocument();
  });
});
