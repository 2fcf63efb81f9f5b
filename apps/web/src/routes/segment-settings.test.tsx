import type { SegmentDetail } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickOption } from '@/testing/antd-select';
import { stubApi, type Handler } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { demoSegments } from '@/testing/fixtures';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';
import { segmentDetail } from '@/testing/segment-fixtures';

const SEGMENT = 'GET /live-ops/api/v1/segments/seg-1';

function openSettings(tab: string, patch?: Handler) {
  let segment: SegmentDetail = { ...segmentDetail, columns: ['name', 'mrr', 'plan'] };
  let menu = demoSegments;
  storeImpersonation();
  const stub = stubApi({
    [SEGMENT]: () => jsonResponse(200, { data: segment }),
    'GET /live-ops/api/v1/segments/me': () => jsonResponse(200, { data: menu }),
    'PATCH /live-ops/api/v1/segments/seg-1':
      patch ??
      (({ body }) => {
        segment = { ...segment, ...(body as Partial<SegmentDetail>) };
        menu = menu.map((item) => (item.id === 'seg-1' ? { ...item, name: segment.name } : item));
        return jsonResponse(200, { data: segment });
      }),
  });
  renderApp(`/app/segments/seg-1/settings/${tab}`);
  return stub;
}

const patchBodies = (requests: { method: string; body: unknown }[]) =>
  requests.filter((request) => request.method === 'PATCH').map((request) => request.body);

describe('segment settings', () => {
  it('saves name, description and disabled; the heading and the sidebar follow', async () => {
    const { requests } = openSettings('general');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Key accounts');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' (EMEA)');
    await userEvent.click(screen.getByRole('switch', { name: 'Disabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(patchBodies(requests)).toEqual([
        {
          name: 'Key accounts',
          description: 'Accounts with activity in the last 30 days (EMEA)',
          disabled: true,
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Key accounts', level: 1 })).toBeVisible();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await waitFor(() => expect(sidebar).toHaveTextContent('Key accounts'));
  });

  it('shows a taken name (409) beside the name field', async () => {
    openSettings('general', () =>
      jsonResponse(409, { error: 'conflict', message: 'A segment named "Churn risk" exists.' }),
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Churn risk');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'General settings' });
    await waitFor(() =>
      expect(within(form).getAllByText('A segment named "Churn risk" exists.').length).toBe(2),
    );
  });

  it('shows 400 field errors', async () => {
    openSettings('general', () =>
      jsonResponse(400, {
        error: 'bad_request',
        message: 'Some fields are invalid.',
        errors: [{ path: 'description', message: 'Description is too long' }],
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields are invalid.')).toBeInTheDocument();
    expect(screen.getAllByText('Description is too long').length).toBeGreaterThan(0);
  });

  // A flow of several pickers over the whole route: the same 60 s as its sibling flows.
  it('edits the base filters (the segment’s definition) with the filter builder', async () => {
    const { requests } = openSettings('general');
    const form = await screen.findByRole('form', { name: 'General settings' });
    expect(await within(form).findByText(/No base filters/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: /Add filter/ }));
    // The builder takes focus: the user goes on with the field.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Field' })).toHaveFocus());
    await pickOption('Field', 'Paying');
    await pickOption('Operator', 'is');
    await pickOption('Value for Paying', 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    // …and gives it back to the button when done.
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: /Add filter/ })).toHaveFocus(),
    );
    expect(within(form).getByRole('list', { name: 'Filters' })).toHaveTextContent('Paying is True');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patchBodies(requests)).toEqual([
        expect.objectContaining({ filters: [{ field: 'is_paying', operator: 'is', value: true }] }),
      ]),
    );
  }, 60_000);

  it('refuses a name over 100 characters beside the field, never cutting it', async () => {
    const { requests } = openSettings('general');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    const long = 'x'.repeat(101);
    await userEvent.click(name);
    await userEvent.paste(long);
    expect(name).toHaveValue(long);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name has at most 100 characters')).toBeInTheDocument();
    expect(patchBodies(requests)).toEqual([]);
  });

  it('shows the server’s 400 for a field (body.name) next to that field', async () => {
    openSettings('general', () =>
      jsonResponse(400, {
        error: 'bad_request',
        message: 'The segment settings are invalid',
        errors: [{ path: 'body.name', message: 'A name has at most 100 characters' }],
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('A name has at most 100 characters').length).toBeGreaterThan(0);
  });

  it('orders columns and adds one through the new_col row', async () => {
    const { requests } = openSettings('columns');
    await userEvent.click(await screen.findByRole('button', { name: 'Move MRR up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Plan' }));
    await userEvent.click(screen.getByRole('button', { name: /Add column/ }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await pickOption('Column to add', 'Events (30 days)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patchBodies(requests)).toEqual([{ columns: ['mrr', 'name', 'events_30d'] }]),
    );
  }, 60_000);

  it('saves a default sort of up to three levels', async () => {
    const { requests } = openSettings('sorting');
    await userEvent.click(await screen.findByRole('button', { name: /Add sort level/ }));
    await pickOption('Sort level 1 column', 'MRR');
    await pickOption('Sort level 1 direction', 'Descending');
    await userEvent.click(screen.getByRole('button', { name: /Add sort level/ }));
    await pickOption('Sort level 2 column', 'Name');
    await userEvent.click(screen.getByRole('button', { name: /Add sort level/ }));
    expect(screen.getByRole('button', { name: /Add sort level/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove sort level 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patchBodies(requests)).toEqual([
        {
          sorting: [
            { field: 'mrr', isDescending: true },
            { field: 'name', isDescending: false },
          ],
        },
      ]),
    );
  }, 60_000);

  it('shows a real empty state for notifications', async () => {
    openSettings('notifications');
    expect(await screen.findByText('No alerts for this segment yet')).toBeInTheDocument();
  });

  it('asks before leaving a tab with unsaved edits, a tab switch included (ADR 0013)', async () => {
    openSettings('columns');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Plan' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Grouping' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes on this page are not saved yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(window.location.pathname).toBe('/app/segments/seg-1/settings/columns');
    expect(screen.queryByRole('button', { name: 'Remove Plan' })).toBeNull();

    // Leaving by a link asks too; jsdom never ends the first dialog's closing animation,
    // which keeps the page aria-hidden.
    await userEvent.click(screen.getByRole('link', { name: 'Back to the segment', hidden: true }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Leave without saving', hidden: true }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/app/segments/seg-1'));
  }, 60_000);

  it('leaves a tab without asking when nothing changed or the edits are saved', async () => {
    openSettings('general');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' EMEA');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Active accounts EMEA', level: 1 });
    await userEvent.click(screen.getByRole('tab', { name: 'Sorting' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe('/app/segments/seg-1/settings/sorting'),
    );
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  }, 60_000);
});
