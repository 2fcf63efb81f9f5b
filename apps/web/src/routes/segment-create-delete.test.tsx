import type { SegmentDependent, SegmentDetail, SegmentSummary } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickOption } from '@/testing/antd-select';
import { pending, requestsTo, stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { demoSegments } from '@/testing/fixtures';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';
import { accountColumns, dataPage, segmentDetail } from '@/testing/segment-fixtures';

const API = '/live-ops/api/v1';
const NEW_ID = 'seg-new';

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const menuNames = () =>
  within(sidebar())
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/**
 * The live-ops service as far as these flows go. After the create, the menu's next read
 * never answers: what the menu shows then is what the create put there.
 */
function stubSegments(routes: ApiRoutes = {}) {
  let created: SegmentDetail | undefined;
  storeImpersonation();
  return stubApi({
    [`GET ${API}/segments/me`]: (request) =>
      created ? pending(request) : jsonResponse(200, { data: demoSegments }),
    [`POST ${API}/segments`]: ({ body }) => {
      const {
        name,
        baseTable,
        filters = [],
      } = body as Pick<SegmentDetail, 'name' | 'baseTable' | 'filters'>;
      created = { ...segmentDetail, id: NEW_ID, name, baseTable, filters, description: '' };
      return jsonResponse(201, { data: created });
    },
    [`GET ${API}/segments/${NEW_ID}`]: () => jsonResponse(200, { data: created }),
    [`GET ${API}/segments/${NEW_ID}/data`]: dataPage({ rows: [], total: 0 }),
    [`GET ${API}/segments/${NEW_ID}/cohorts`]: [],
    [`GET ${API}/segments/tables/users/columns`]: accountColumns,
    ...routes,
  });
}

async function openCreateDialog() {
  await screen.findByRole('complementary', { name: 'Sidebar' });
  await userEvent.click(await within(sidebar()).findByText('Segments'));
  await userEvent.click(await within(sidebar()).findByRole('menuitem', { name: 'Create new...' }));
  return screen.findByRole('dialog', { name: 'Create a segment' });
}

describe('create a segment from the menu', () => {
  it('asks a name and a base table, opens the new segment, and the menu lists it at once', async () => {
    const { requests } = stubSegments();
    renderApp('/app/home');
    const dialog = await openCreateDialog();
    const submit = within(dialog).getByRole('button', { name: 'Create segment' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Power users');
    expect(within(dialog).getByRole('radio', { name: 'Accounts' })).toBeChecked();
    await userEvent.click(within(dialog).getByText('Users'));
    await userEvent.click(submit);

    await waitFor(() => expect(window.location.pathname).toBe(`/app/segments/${NEW_ID}`));
    expect(screen.queryByRole('dialog', { name: 'Create a segment' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Power users', level: 1 })).toBeVisible();
    expect(requestsTo(requests, 'POST', `${API}/segments`).map((r) => r.body)).toEqual([
      { name: 'Power users', baseTable: 'users' },
    ]);
    // Listed last, and selected, though the menu's own read has not answered again.
    await within(sidebar()).findByRole('menuitem', { name: 'Power users' });
    const names = menuNames();
    expect(
      names.slice(names.indexOf('Active accounts'), names.indexOf('Create new...') + 1),
    ).toEqual(['Active accounts', 'Churn riskDisabled', 'Power users', 'Create new...']);
    expect(within(sidebar()).getByRole('menuitem', { name: 'Power users' })).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('sends the starting filters built with the filter builder', async () => {
    const { requests } = stubSegments();
    renderApp('/app/home');
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Paying accounts');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Add filter/ }));
    await pickOption('Field', 'Paying');
    await pickOption('Operator', 'is');
    await pickOption('Value for Paying', 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(within(dialog).getByRole('list', { name: 'Filters' })).toHaveTextContent(
      'Paying is True',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));

    await waitFor(() => expect(window.location.pathname).toBe(`/app/segments/${NEW_ID}`));
    expect(requestsTo(requests, 'POST', `${API}/segments`).map((r) => r.body)).toEqual([
      {
        name: 'Paying accounts',
        baseTable: 'accounts',
        filters: [{ field: 'is_paying', operator: 'is', value: true }],
      },
    ]);
  }, 60_000);

  it('shows a taken name (409) beside the name, and Discard closes without creating', async () => {
    const message = 'A segment named "Churn risk" already exists in your organization';
    const { requests } = stubSegments({
      [`POST ${API}/segments`]: () =>
        jsonResponse(409, { error: 'conflict', message, errors: [{ path: 'body.name', message }] }),
    });
    renderApp('/app/home');
    const dialog = await openCreateDialog();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      'Churn risk{Enter}',
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(window.location.pathname).toBe('/app/home');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create a segment' })).toBeNull(),
    );
    expect(requestsTo(requests, 'POST', `${API}/segments`)).toHaveLength(1);
  });
});

describe('delete a segment from its general settings', () => {
  const openDelete = async () => {
    renderApp('/app/segments/seg-1/settings/general');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete segment' }));
    return screen.findByRole('dialog', { name: 'Delete Active accounts?' });
  };

  it('lists the cohorts, alerts and plays over it first, with Delete disabled', async () => {
    const used: SegmentDependent[] = [
      { kind: 'cohort', id: 'c-1', name: 'Big spenders' },
      { kind: 'alert', id: 'a-1', name: 'New big spenders' },
    ];
    const { requests } = stubSegments({ [`GET ${API}/segments/seg-1/dependents`]: used });
    const dialog = await openDelete();
    const list = await within(dialog).findByRole('list', { name: 'Used by' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['cohort Big spenders', 'alert New big spenders']);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(requestsTo(requests, 'DELETE', `${API}/segments/seg-1`)).toEqual([]);
  });

  it('deletes a segment nothing uses, goes home, and the menu drops it', async () => {
    let menu: SegmentSummary[] = demoSegments;
    const { requests } = stubSegments({
      [`GET ${API}/segments/me`]: () => jsonResponse(200, { data: menu }),
      [`GET ${API}/segments/seg-1/dependents`]: [],
      [`DELETE ${API}/segments/seg-1`]: () => {
        menu = menu.filter((segment) => segment.id !== 'seg-1');
        return new Response(null, { status: 204 });
      },
    });
    const dialog = await openDelete();
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);

    await waitFor(() => expect(window.location.pathname).toBe('/app/home'));
    await userEvent.click(within(sidebar()).getByText('Segments'));
    await within(sidebar()).findByRole('menuitem', { name: /Churn risk/ });
    expect(menuNames()).not.toContain('Active accounts');
    expect(requestsTo(requests, 'DELETE', `${API}/segments/seg-1`)).toHaveLength(1);
  });

  it('shows a refusal (409) all the same, naming what uses it', async () => {
    stubSegments({
      [`GET ${API}/segments/seg-1/dependents`]: [],
      [`DELETE ${API}/segments/seg-1`]: () =>
        jsonResponse(409, {
          error: 'conflict',
          message: '"Active accounts" is used by 1 cohort; change or delete them first',
          errors: [{ path: 'cohort:c-9', message: 'Saved just now' }],
        }),
    });
    const dialog = await openDelete();
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);
    expect(
      await within(dialog).findByText(
        '"Active accounts" is used by 1 cohort; change or delete them first',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Used by' })).toHaveTextContent(
      'cohort Saved just now',
    );
    expect(window.location.pathname).toBe('/app/segments/seg-1/settings/general');
  });
});
