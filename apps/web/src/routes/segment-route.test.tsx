import {
  buildFilterCatalogue,
  ERROR_TEXTS,
  serializeListParams,
  type SegmentFilter,
} from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickOption } from '@/testing/antd-select';
import { stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { stubLocationAssign } from '@/testing/location-stub';
import { renderApp } from '@/testing/render-app';
import { dataPage, groupsPage, segmentDetail } from '@/testing/segment-fixtures';

const DATA = '/live-ops/api/v1/segments/seg-1/data';

function openSegment(search = '', routes: ApiRoutes = {}) {
  storeImpersonation();
  // The segment has no cohorts here; the cohort tests cover those.
  const stub = stubApi({ 'GET /live-ops/api/v1/segments/seg-1/cohorts': [], ...routes });
  renderApp(`/app/segments/seg-1${search}`);
  return stub;
}

const dataRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => new URL(request.url).pathname === DATA);
const queryOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request!.url).searchParams);

const FILTERS: SegmentFilter[] = [
  { field: 'plan', operator: 'includes', value: ['Pro'] },
  { field: 'mrr', operator: 'gt', value: 1000 },
];

describe('segment page', () => {
  it('shows the records with the total and a settings link', async () => {
    openSegment();
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(screen.getByText('1–50 of 12,345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Segment settings/ })).toHaveAttribute(
      'href',
      '/app/segments/seg-1/settings',
    );
    expect(screen.getAllByRole('link', { name: 'hank@globex.test' })[0]).toHaveAttribute(
      'href',
      'mailto:hank@globex.test',
    );
    // A record's name opens its page: this segment holds accounts.
    expect(screen.getByRole('link', { name: 'Initech' })).toHaveAttribute(
      'href',
      '/app/accounts/acc-2',
    );
  });

  it('asks for exactly the view in the URL, and a new filter goes into the URL', async () => {
    const params = {
      search: 'glo',
      sortBy: [{ field: 'mrr', isDescending: true }],
      filters: FILTERS,
    };
    const search = new URLSearchParams(serializeListParams(params));
    const { requests } = openSegment(`?${search.toString()}`);
    await screen.findByText('Globex');
    expect(queryOf(dataRequests(requests)[0])).toEqual(
      serializeListParams({ ...params, page: 1, perPage: 50 }),
    );
    expect(screen.getByRole('list', { name: 'Filters' })).toHaveTextContent('Plan is any of Pro');
    expect(screen.getByRole('searchbox', { name: 'Search records' })).toHaveValue('glo');

    await userEvent.click(screen.getByRole('button', { name: /Add filter/ }));
    await pickOption('Field', 'Paying');
    await pickOption('Operator', 'is');
    await pickOption('Value for Paying', 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));

    const expected = [...FILTERS, { field: 'is_paying', operator: 'is', value: true }];
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('filters')).toBe(
        JSON.stringify(expected),
      ),
    );
    await waitFor(() =>
      expect(queryOf(dataRequests(requests).at(-1)).filters).toBe(JSON.stringify(expected)),
    );
    // Driving antd dropdowns over the whole page is slow in jsdom.
  }, 60_000);

  it('shows an error with a retry when the filter conditions cannot be loaded', async () => {
    let fails = true;
    openSegment('', {
      'GET /live-ops/api/v1/segments/filters': () =>
        fails
          ? jsonResponse(503, { error: 'unavailable', message: 'Try again' })
          : jsonResponse(200, { data: buildFilterCatalogue() }),
    });
    await screen.findByText('Globex');
    await userEvent.click(screen.getByRole('button', { name: /Add filter/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The filter conditions could not be loaded.');
    fails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: 'Field' })).toBeInTheDocument();
  });

  it('sorts by a header click and searches after typing pauses', async () => {
    const { requests } = openSegment();
    await screen.findByText('Globex');
    await userEvent.click(screen.getByRole('columnheader', { name: /MRR/ }));
    await waitFor(() => expect(queryOf(dataRequests(requests).at(-1)).sortBy).toBe('+mrr'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search records' }), 'init');
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('search')).toBe('init'),
    );
    await waitFor(() =>
      expect(queryOf(dataRequests(requests).at(-1))).toMatchObject({
        search: 'init',
        sortBy: '+mrr',
      }),
    );
  });

  it('ignores a broken URL instead of failing', async () => {
    const { requests } = openSegment('?filters=%7Bnope&page=-2&sortBy=');
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(queryOf(dataRequests(requests)[0])).toEqual({ page: '1', perPage: '50' });
  });

  it('says the segment is still preparing, from the segment or from a 202 data answer', async () => {
    openSegment('', {
      'GET /live-ops/api/v1/segments/seg-1': { ...segmentDetail, status: 'preparing' },
    });
    expect(await screen.findByText(ERROR_TEXTS.preparing)).toBeInTheDocument();
  });

  it('says preparing when the data endpoint answers 202', async () => {
    openSegment('', {
      [`GET ${DATA}`]: () => jsonResponse(202, { data: { status: 'preparing' } }),
    });
    expect(await screen.findByText(ERROR_TEXTS.preparing)).toBeInTheDocument();
  });

  it('offers to clear filters when nothing matches, and retries after an error', async () => {
    openSegment(`?filters=${encodeURIComponent(JSON.stringify(FILTERS))}`, {
      [`GET ${DATA}`]: dataPage({ rows: [], total: 0 }),
    });
    expect(await screen.findByText('No records match these filters')).toBeInTheDocument();
    const empty = screen.getByRole('region', { name: 'No records match these filters' });
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows a passing server error with Try again', async () => {
    openSegment('', {
      [`GET ${DATA}`]: () => jsonResponse(503, { error: 'unavailable', message: 'Busy.' }),
    });
    expect(await screen.findByText('Busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers "Reset the view" when a stale link’s view is refused (400), and it works', async () => {
    const { requests } = openSegment('?sortBy=-gone&columns=%5B%22foo%22%5D', {
      [`GET ${DATA}`]: ({ url }) =>
        new URL(url).searchParams.has('columns')
          ? jsonResponse(400, { error: 'bad_request', message: 'Unknown column "foo".' })
          : jsonResponse(200, { data: dataPage() }),
    });
    expect(await screen.findByText('Unknown column "foo".')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset the view' }));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(queryOf(dataRequests(requests).at(-1))).toEqual({ page: '1', perPage: '50' });
  });

  it('moves a page past the end (?page=99999) to the last page', async () => {
    const { requests } = openSegment('?page=99999', {
      [`GET ${DATA}`]: ({ url }) => {
        const page = Number(new URL(url).searchParams.get('page'));
        const rows = page > 40 ? [] : dataPage().rows;
        return jsonResponse(200, { data: dataPage({ rows, total: 2_000, page, perPage: 50 }) });
      },
    });
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('40');
    expect(queryOf(dataRequests(requests).at(-1))).toMatchObject({ page: '40' });
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
  });

  it('shows groups with counts and sums when grouped', async () => {
    const { requests } = openSegment('?pivot=plan', { [`GET ${DATA}`]: groupsPage });
    expect(await screen.findByText('8,000')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sum of MRR' })).toBeInTheDocument();
    expect(queryOf(dataRequests(requests)[0])).toMatchObject({ pivot: 'plan' });
  });

  it('exports what a grouped view shows: the ticket asks for the groups', async () => {
    stubLocationAssign();
    const { requests } = openSegment('?pivot=plan', {
      [`GET ${DATA}`]: groupsPage,
      'POST /live-ops/api/v1/segments/seg-1/export-tickets': () =>
        jsonResponse(201, { data: { ticket: 'tkt-1', expiresAt: '2026-03-04T09:16:00.000Z' } }),
    });
    expect(await screen.findByText('8,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        pivot: 'plan',
      }),
    );
  });

  it('exports through a ticket, then sends the browser to the export URL with the same query', async () => {
    const assign = stubLocationAssign();
    const params = {
      search: 'glo',
      sortBy: [{ field: 'mrr', isDescending: true }],
      filters: FILTERS,
      columns: ['name', 'mrr'],
    };
    const query = serializeListParams(params);
    const { requests } = openSegment(`?${new URLSearchParams(query).toString()}&page=2`, {
      'POST /live-ops/api/v1/segments/seg-1/export-tickets': () =>
        jsonResponse(201, { data: { ticket: 'tkt-1', expiresAt: '2026-03-04T09:16:00.000Z' } }),
    });
    await screen.findByText('Globex');
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual(query);
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.pathname).toBe('/live-ops/api/v1/segments/seg-1/export');
    // The support session acts as user-42 (storeImpersonation): the link names that user.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ...query,
      token: 'tkt-1',
      impersonate_user_id: 'user-42',
    });
  });
});
