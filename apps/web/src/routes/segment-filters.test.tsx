import type { FilterItem, SegmentDetail } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickOption } from '@/testing/antd-select';
import { stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';
import { dataPage, segmentDetail } from '@/testing/segment-fixtures';

const DATA = 'GET /live-ops/api/v1/segments/seg-1/data';
// Flows of several pickers over the whole route, as the sibling route flows.
const ROUTE_FLOW_MS = 60_000;

function open(path: string, routes: ApiRoutes = {}) {
  storeImpersonation();
  const stub = stubApi({ 'GET /live-ops/api/v1/segments/seg-1/cohorts': [], ...routes });
  renderApp(path);
  return stub;
}

const withFilters = (filters: FilterItem[]) =>
  `/app/segments/seg-1?filters=${encodeURIComponent(JSON.stringify(filters))}`;
const urlFilters = () => new URLSearchParams(window.location.search).get('filters');

const paying = { field: 'is_paying', operator: 'is' as const, value: true };
const pro = { field: 'plan', operator: 'includes' as const, value: ['Pro'] };
const bigMrr = { field: 'mrr', operator: 'gt' as const, value: 1000 };
const chips = () => screen.getByRole('list', { name: 'Filters' });
const chipItems = () =>
  within(chips())
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('filter chips', () => {
  it('show a filter the server refuses as not applied, with its reason (issue 25, item 1)', async () => {
    const reason = 'Plan: "Pro" is not one of the options';
    open(withFilters([paying, pro]), {
      [DATA]: ({ url }) =>
        new URL(url).searchParams.get('filters')?.includes('"Pro"')
          ? jsonResponse(400, {
              error: 'bad_request',
              message: 'The segment query is invalid',
              errors: [{ path: 'query.filters[1].value', message: reason }],
            })
          : jsonResponse(200, { data: dataPage() }),
    });
    await waitFor(() =>
      expect(chipItems()).toEqual([
        'Paying is True×',
        `Plan is any of Pro×Not applied: ${reason}`,
        'Clear filters',
      ]),
    );
    await userEvent.click(screen.getByLabelText('Remove filter Plan is any of Pro'));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(chipItems()).toEqual(['Paying is True×', 'Clear filters']);
    expect(urlFilters()).toBe(JSON.stringify([paying]));
  });

  it(
    'read a "Match any of" group from the URL, and edit it in place (issue 25, item 8)',
    async () => {
      const group: FilterItem = { match: 'any', filters: [pro, bigMrr] };
      const { requests } = open(withFilters([paying, group]));
      await screen.findByText('Globex');
      expect(chipItems()).toEqual([
        'Paying is True×',
        '(Plan is any of Pro or MRR greater than 1000)×',
        'Clear filters',
      ]);
      const dataQuery = new URL(requests.find((request) => request.url.includes('/data'))!.url);
      expect(dataQuery.searchParams.get('filters')).toBe(JSON.stringify([paying, group]));

      await userEvent.click(
        screen.getByRole('button', { name: '(Plan is any of Pro or MRR greater than 1000)' }),
      );
      await userEvent.click(
        await screen.findByRole('button', { name: 'Remove condition MRR greater than 1000' }),
      );
      await pickOption('Field', 'Paying');
      await pickOption('Operator', 'is');
      await pickOption('Value for Paying', 'False');
      await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
      await userEvent.click(screen.getByRole('button', { name: 'Apply group' }));

      const edited = { match: 'any', filters: [pro, { ...paying, value: false }] };
      await waitFor(() => expect(urlFilters()).toBe(JSON.stringify([paying, edited])));
      expect(chipItems()[1]).toBe('(Plan is any of Pro or Paying is False)×');
    },
    ROUTE_FLOW_MS,
  );

  it(
    'add a "Match any of" group to the base filters in the settings (issue 25, item 8)',
    async () => {
      let segment: SegmentDetail = { ...segmentDetail, columns: ['name', 'mrr', 'plan'] };
      const { requests } = open('/app/segments/seg-1/settings/general', {
        'GET /live-ops/api/v1/segments/seg-1': () => jsonResponse(200, { data: segment }),
        'PATCH /live-ops/api/v1/segments/seg-1': ({ body }) => {
          segment = { ...segment, ...(body as Partial<SegmentDetail>) };
          return jsonResponse(200, { data: segment });
        },
      });
      const form = await screen.findByRole('form', { name: 'General settings' });
      expect(within(form).getByText(/of a “Match any of” group, any one/)).toBeInTheDocument();
      await userEvent.click(await within(form).findByRole('button', { name: /Add filter/ }));
      await userEvent.click(await screen.findByRole('radio', { name: 'Match any of' }));
      for (const value of ['True', 'False']) {
        await pickOption('Field', 'Paying');
        await pickOption('Operator', 'is');
        await pickOption('Value for Paying', value);
        await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
      }
      await userEvent.click(screen.getByRole('button', { name: 'Apply group' }));
      expect(within(form).getByRole('list', { name: 'Filters' })).toHaveTextContent(
        '(Paying is True or Paying is False)',
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
      const group = { match: 'any', filters: [paying, { ...paying, value: false }] };
      await waitFor(() =>
        expect(
          requests.filter((request) => request.method === 'PATCH').map((request) => request.body),
        ).toEqual([expect.objectContaining({ filters: [group] })]),
      );
    },
    ROUTE_FLOW_MS,
  );
});
