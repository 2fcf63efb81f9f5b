import type { SegmentColumn, SegmentDetail, SegmentGroupsPage } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickOption, visibleOptions } from '@/testing/antd-select';
import { stubApi, type Handler } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';
import { accountColumns, dataPage, groupsPage, segmentDetail } from '@/testing/segment-fixtures';

const DATA = '/live-ops/api/v1/segments/seg-1/data';

/** Like "Expansion candidates": opens grouped by plan, with money and a percentage shown. */
const grouped: SegmentDetail = {
  ...segmentDetail,
  columns: ['name', 'plan', 'mrr', 'seat_usage'],
  grouping: { pivot: 'plan', pivotIdentifier: null },
};
const seatUsage: SegmentColumn = {
  name: 'seat_usage',
  label: 'Seat usage (%)',
  dataType: 'numeric',
  unit: 'percent',
  description: '',
  computed: true,
};
const groups: SegmentGroupsPage = {
  ...groupsPage,
  groups: [...groupsPage.groups, { pivot: null, count: 3, values: { mrr: null } }],
  total: 3,
};

/** The groups when the query names a pivot, else the records. */
const data: Handler = (request) =>
  jsonResponse(200, {
    data: new URL(request.url).searchParams.has('pivot') ? groups : dataPage(),
  });

function openSegment(search = '') {
  storeImpersonation();
  const stub = stubApi({
    'GET /live-ops/api/v1/segments/seg-1': grouped,
    'GET /live-ops/api/v1/segments/tables/accounts/columns': [...accountColumns, seatUsage],
    [`GET ${DATA}`]: data,
  });
  renderApp(`/app/segments/seg-1${search}`);
  return stub;
}

const urlParams = () => new URLSearchParams(window.location.search);
const lastDataQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(
    new URL(requests.filter((request) => request.url.includes(DATA)).at(-1)!.url).searchParams,
  );

describe('grouped segment (docs/product.md §5.3)', () => {
  it('opens a group’s records on a click, its value a filter, and goes back to the groups', async () => {
    const { requests } = openSegment();
    const records = await screen.findByText('1,200');
    expect(screen.getByRole('columnheader', { name: 'Sum of MRR' })).toBeInTheDocument();

    await userEvent.click(records);
    await screen.findByText('Globex');
    expect(urlParams().get('pivot')).toBe('');
    expect(JSON.parse(urlParams().get('filters')!)).toEqual([
      { field: 'plan', operator: 'eq', value: 'Pro' },
    ]);
    const query = lastDataQuery(requests);
    expect(query.pivot).toBeUndefined();
    expect(JSON.parse(query.filters!)).toEqual([{ field: 'plan', operator: 'eq', value: 'Pro' }]);
    expect(screen.getByRole('list', { name: 'Filters' })).toHaveTextContent(/Plan.*Pro/);
    expect(screen.getByRole('combobox', { name: 'Group by' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to groups' }));
    expect(await screen.findByText('8,000')).toBeInTheDocument();
    expect(urlParams().has('pivot')).toBe(false);
    expect(urlParams().get('filters')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to groups' })).toBeNull();
  }, 30_000);

  it('opens the blank group by keyboard as "is blank", after the filters already there', async () => {
    const kept = [{ field: 'mrr', operator: 'gt', value: 100 }];
    openSegment(`?filters=${encodeURIComponent(JSON.stringify(kept))}`);
    const open = await screen.findByRole('button', { name: 'Open the records of Plan (blank)' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(JSON.parse(urlParams().get('filters')!)).toEqual([
        ...kept,
        { field: 'plan', operator: 'null' },
      ]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Back to groups' }));
    await waitFor(() => expect(JSON.parse(urlParams().get('filters')!)).toEqual(kept));
    expect(urlParams().has('pivot')).toBe(false);
  }, 30_000);

  it('offers only the aggregates that fit each column and saves the choice', async () => {
    storeImpersonation();
    const { requests } = stubApi({
      'GET /live-ops/api/v1/segments/seg-1': grouped,
      'GET /live-ops/api/v1/segments/tables/accounts/columns': [...accountColumns, seatUsage],
      'PATCH /live-ops/api/v1/segments/seg-1': ({ body }) =>
        jsonResponse(200, { data: { ...grouped, ...(body as object) } }),
    });
    renderApp('/app/segments/seg-1/settings/grouping');
    const usage = await screen.findByRole('combobox', { name: 'Aggregate of Seat usage (%)' });
    expect(within(usage.closest('.ant-select')!).getByText('Average (default)')).toBeVisible();
    await userEvent.click(usage);
    // Never a sum of percentages.
    await waitFor(() =>
      expect(visibleOptions()).toEqual(['Count', 'Min', 'Max', 'Average (default)', 'Median']),
    );
    await userEvent.keyboard('{Escape}');
    await pickOption('Aggregate of MRR', 'Median');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        grouping: { pivot: 'plan', pivotIdentifier: null, aggregates: { mrr: 'median' } },
      }),
    );
  }, 30_000);
});
