import type { SegmentFilter } from '@revlane/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COHORT_API_ROUTES,
  COHORT_ID,
  cohort,
  OTHER_COHORT_ID,
} from '@/features/cohorts/testing/cohort-fixtures';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';

// Whole pages with the table and dialogs; on a busy shared machine these take a while.
const SLOW_ROUTE_TEST_MS = 60_000;
const COHORT_PATH = `/live-ops/api/v1/segments/seg-1/cohorts/${COHORT_ID}`;

const openSegment = (path = '/app/segments/seg-1', routes: ApiRoutes = {}) =>
  openApp(path, { ...COHORT_API_ROUTES, ...routes });

/** Answers a PATCH with the cohort changed as asked, like the server does. */
const patchEcho = (request: RecordedRequest) =>
  jsonResponse(200, { data: { ...cohort(), ...(request.body as object) } });

/**
 * The side list. Role queries over the whole page (table, menu) are slow in jsdom, so the
 * tests find the list by a cheap text first and query inside it.
 */
async function cohortList() {
  const nav = (await screen.findByText('All records')).closest('nav')!;
  return within(nav).findByRole('list', { name: 'Cohorts of this segment' });
}
/**
 * An antd dialog by its title, found by text first (see `cohortList`). Its name is not
 * checked: antd's ids are all "test-id" under test, so aria-labelledby finds another element.
 */
async function findDialog(title: string) {
  const dialog = (
    await screen.findByText(title, { selector: '.ant-modal-title' })
  ).closest<HTMLElement>('.ant-modal')!;
  expect(dialog).toHaveAttribute('role', 'dialog');
  return dialog;
}

describe('cohort list', () => {
  it(
    'lists favorites first, links each cohort, and a star moves it up',
    async () => {
      const { requests } = openSegment('/app/segments/seg-1', {
        [`PATCH ${COHORT_PATH}`]: patchEcho,
      });
      const list = await cohortList();
      const names = () =>
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent);
      expect(names()).toEqual(['Zeta watchlist', 'Anyone paying', 'Big Pro accounts']);
      expect(within(list).getByRole('link', { name: 'Anyone paying' })).toHaveAttribute(
        'href',
        `/app/segments/seg-1/${OTHER_COHORT_ID}`,
      );
      expect(
        within(list).getByRole('button', { name: 'Unstar Zeta watchlist' }),
      ).toBeInTheDocument();

      await userEvent.click(within(list).getByRole('button', { name: 'Star Big Pro accounts' }));
      await waitFor(() =>
        expect(names()).toEqual(['Big Pro accounts', 'Zeta watchlist', 'Anyone paying']),
      );
      expect(requestsTo(requests, 'PATCH', COHORT_PATH).map((r) => r.body)).toEqual([
        { favorite: true },
      ]);
      expect(
        within(list).getByRole('button', { name: 'Unstar Big Pro accounts' }),
      ).toBeInTheDocument();
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'folds away under its title and comes back',
    async () => {
      openSegment();
      const list = await cohortList();
      const nav = list.closest('nav')!;
      const toggle = within(nav).getByRole('button', { name: 'Cohorts' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(nav).queryByRole('link', { name: 'All records' })).not.toBeInTheDocument();
      expect(list).not.toBeInTheDocument();
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await cohortList()).toHaveTextContent('Big Pro accounts');
    },
    SLOW_ROUTE_TEST_MS,
  );

  it('says there are no cohorts yet and how to make one', async () => {
    openSegment('/app/segments/seg-1', { 'GET /live-ops/api/v1/segments/seg-1/cohorts': [] });
    expect(await screen.findByText('No cohorts yet')).toBeInTheDocument();
    expect(screen.getByText(/use “Save as cohort” to keep those filters/)).toBeInTheDocument();
  });

  it(
    'renames inline: Enter saves, a taken name shows the server message, Escape cancels',
    async () => {
      let answer = (_request: RecordedRequest) =>
        jsonResponse(409, {
          error: 'conflict',
          message: 'A cohort named "Anyone paying" already exists in this segment.',
        });
      const { requests } = openSegment('/app/segments/seg-1', {
        [`PATCH ${COHORT_PATH}`]: (request) => answer(request),
      });
      const list = await cohortList();
      await userEvent.click(within(list).getByRole('button', { name: 'Rename Big Pro accounts' }));
      const field = within(list).getByRole('textbox', { name: 'New name for Big Pro accounts' });
      await userEvent.clear(field);
      await userEvent.type(field, 'Anyone paying{Enter}');
      expect(await within(list).findByRole('alert')).toHaveTextContent(
        'A cohort named "Anyone paying" already exists in this segment.',
      );

      await userEvent.type(field, '{Escape}');
      expect(within(list).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(list).getByRole('link', { name: 'Big Pro accounts' })).toBeInTheDocument();

      answer = patchEcho;
      await userEvent.click(within(list).getByRole('button', { name: 'Rename Big Pro accounts' }));
      const again = within(list).getByRole('textbox', { name: 'New name for Big Pro accounts' });
      await userEvent.clear(again);
      await userEvent.type(again, 'Large Pro accounts{Enter}');
      expect(
        await within(list).findByRole('link', { name: 'Large Pro accounts' }),
      ).toBeInTheDocument();
      expect(requestsTo(requests, 'PATCH', COHORT_PATH).map((r) => r.body)).toEqual([
        { name: 'Anyone paying' },
        { name: 'Large Pro accounts' },
      ]);
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'deletes after a confirm; a cohort in use names what uses it',
    async () => {
      let isInUse = true;
      const { requests } = openSegment('/app/segments/seg-1', {
        [`DELETE ${COHORT_PATH}`]: () =>
          isInUse
            ? jsonResponse(409, {
                error: 'conflict',
                message: 'This cohort is used by alerts or plays.',
                errors: [
                  { path: 'alert:al-1', message: 'Big accounts shrink' },
                  { path: 'play:pl-1', message: 'Welcome to Pro' },
                ],
              })
            : jsonResponse(204),
      });
      const list = await cohortList();
      await userEvent.click(within(list).getByRole('button', { name: 'Delete Big Pro accounts' }));
      const dialog = await findDialog('Delete Big Pro accounts?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(
        await within(dialog).findByText('This cohort is used by alerts or plays.'),
      ).toBeInTheDocument();
      const usedBy = within(dialog).getByRole('list', { name: 'Used by' });
      expect(usedBy).toHaveTextContent('Alert Big accounts shrink');
      expect(usedBy).toHaveTextContent('Play Welcome to Pro');

      isInUse = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Delete Big Pro accounts?' }),
        ).not.toBeInTheDocument(),
      );
      expect(requestsTo(requests, 'DELETE', COHORT_PATH)).toHaveLength(2);
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'saves the URL filters as a cohort, then opens it',
    async () => {
      const filters: SegmentFilter[] = [
        { field: 'plan', operator: 'includes', value: ['Enterprise'] },
      ];
      const search = `?filters=${encodeURIComponent(JSON.stringify(filters))}&search=glo`;
      const created = cohort({ id: OTHER_COHORT_ID, name: 'Enterprise', filters, members: null });
      const { requests } = openSegment(`/app/segments/seg-1${search}`, {
        'POST /live-ops/api/v1/segments/seg-1/cohorts': () => jsonResponse(201, { data: created }),
        [`GET /live-ops/api/v1/cohorts/${OTHER_COHORT_ID}`]: created,
      });
      const header = (await screen.findByRole('heading', { level: 1 })).closest('header')!;
      await userEvent.click(within(header).getByRole('button', { name: /Save as cohort/ }));
      const dialog = await findDialog('Save as cohort');
      expect(dialog).toHaveTextContent('The cohort keeps the filter applied now.');
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: 'Cohort name' }),
        'Enterprise',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

      await waitFor(() =>
        expect(window.location.pathname).toBe(`/app/segments/seg-1/${OTHER_COHORT_ID}`),
      );
      expect(window.location.search).toBe(search);
      expect(
        requestsTo(requests, 'POST', '/live-ops/api/v1/segments/seg-1/cohorts')[0]?.body,
      ).toEqual({
        name: 'Enterprise',
        filters,
      });
      expect(await screen.findByRole('heading', { name: 'Enterprise' })).toBeInTheDocument();
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'opens a cohort saved moments ago from the list with its own filters (issue 25)',
    async () => {
      const filters: SegmentFilter[] = [{ field: 'mrr', operator: 'gt', value: 5000 }];
      const search = `?filters=${encodeURIComponent(JSON.stringify(filters))}`;
      const created = cohort({ id: OTHER_COHORT_ID, name: 'Big MRR', filters });
      let listed = [cohort()];
      openSegment(`/app/segments/seg-1${search}`, {
        'GET /live-ops/api/v1/segments/seg-1/cohorts': () => jsonResponse(200, { data: listed }),
        'POST /live-ops/api/v1/segments/seg-1/cohorts': () => {
          listed = [cohort(), created];
          return jsonResponse(201, { data: created });
        },
        [`GET /live-ops/api/v1/cohorts/${OTHER_COHORT_ID}`]: created,
      });
      const header = (await screen.findByRole('heading', { level: 1 })).closest('header')!;
      await userEvent.click(within(header).getByRole('button', { name: /Save as cohort/ }));
      const dialog = await findDialog('Save as cohort');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Cohort name' }), 'Big MRR');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await waitFor(() =>
        expect(window.location.pathname).toBe(`/app/segments/seg-1/${OTHER_COHORT_ID}`),
      );

      const list = await cohortList();
      await userEvent.click(await within(list).findByRole('link', { name: 'Big MRR' }));
      expect(new URLSearchParams(window.location.search).get('filters')).toBe(
        JSON.stringify(filters),
      );
      expect(await screen.findByText(/^MRR greater than 5,?000$/)).toBeInTheDocument();
      expect(screen.queryByText("The filters differ from the cohort's.")).not.toBeInTheDocument();

      // Edited on its own page, then opened again from the list: its filters come back.
      await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByText("The filters differ from the cohort's.")).toBeInTheDocument();
      await userEvent.click(within(await cohortList()).getByRole('link', { name: 'Big MRR' }));
      expect(new URLSearchParams(window.location.search).get('filters')).toBe(
        JSON.stringify(filters),
      );
      expect(screen.queryByText("The filters differ from the cohort's.")).not.toBeInTheDocument();
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'saves one cohort for a double click on Submit in "Save as cohort"',
    async () => {
      const created = cohort({ id: OTHER_COHORT_ID, name: 'Enterprise', members: null });
      const { requests } = openSegment('/app/segments/seg-1', {
        'POST /live-ops/api/v1/segments/seg-1/cohorts': () => jsonResponse(201, { data: created }),
        [`GET /live-ops/api/v1/cohorts/${OTHER_COHORT_ID}`]: created,
      });
      const header = (await screen.findByRole('heading', { level: 1 })).closest('header')!;
      await userEvent.click(within(header).getByRole('button', { name: /Save as cohort/ }));
      const dialog = await findDialog('Save as cohort');
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: 'Cohort name' }),
        'Enterprise',
      );
      const submit = within(dialog).getByRole('button', { name: 'Submit' });
      fireEvent.click(submit);
      fireEvent.click(submit);

      await waitFor(() =>
        expect(window.location.pathname).toBe(`/app/segments/seg-1/${OTHER_COHORT_ID}`),
      );
      expect(requestsTo(requests, 'POST', '/live-ops/api/v1/segments/seg-1/cohorts')).toHaveLength(
        1,
      );
    },
    SLOW_ROUTE_TEST_MS,
  );
});
