import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  discoveredTables,
  makeSource,
  makeSync,
  makeSyncTable,
} from '@/features/connections/testing/source-fixtures';
import { expectAdminOnly, expectTooltip } from '@/testing/admin-only';
import { pickOpenOption, pickOptionWithin, visibleOptions } from '@/testing/antd-select';
import { describeRequests, pending, requestsTo, stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { withRole } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

const SOURCES = 'GET /composer/api/v1/sources';
const ME = 'GET /user/api/v1/users/me';
const DEPENDENTS = 'GET /composer/api/v1/sources/src-1/dependents';

/** The page as an admin sees it, unless `routes` answers `users/me` with another role. */
function renderConnections(routes: ApiRoutes) {
  const stub = stubApi({ [ME]: withRole('admin'), ...routes });
  storeImpersonation();
  renderApp('/app/connections');
  return stub;
}

const dataSources = () => screen.findByRole('region', { name: 'Data sources' });
const card = async (name: string) => within(await dataSources()).findByRole('listitem', { name });

async function openEdit(name: string) {
  await userEvent.click(within(await card(name)).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

/** A row of the dialog's table picker, found by the table it names. */
const tableRow = (dialog: HTMLElement, table: string) =>
  within(dialog).findByRole('row', { name: new RegExp(table.replace('.', '\\.')) });

describe('connections page', () => {
  it('shows each source as a card: type, status, last sync, rows and the error', async () => {
    renderConnections({
      [SOURCES]: [
        makeSource(),
        makeSource({
          id: 'src-2',
          type: 'csv',
          name: 'Signups',
          lastSync: makeSync({ status: 'failed', rowsRead: 0, rowsWritten: 0, error: 'Bad quote' }),
        }),
      ],
    });
    const product = await card('Product DB');
    expect(product).toHaveTextContent('PostgreSQL');
    expect(product).toHaveTextContent('Succeeded');
    expect(product).toHaveTextContent('1,200');
    expect(product).toHaveTextContent(/November 20 2026 at/);
    for (const action of ['Sync now', 'Edit', 'Delete'])
      expect(within(product).getByRole('button', { name: action })).toBeEnabled();
    expect(within(product).queryByRole('alert')).toBeNull();

    const signups = await card('Signups');
    expect(signups).toHaveTextContent('CSV file');
    expect(signups).toHaveTextContent('Failed');
    expect(within(signups).getByRole('alert')).toHaveTextContent('Bad quote');
  });

  it('shows the values the last sync could not land as the source holds them', async () => {
    renderConnections({
      [SOURCES]: [
        makeSource({
          lastSync: makeSync({
            warnings: [
              {
                table: 'public.orders',
                column: 'shipped_at',
                count: 3,
                example: '0000-00-00',
                message: '3 zero dates landed empty',
              },
              {
                table: 'public.orders',
                column: 'total',
                count: 1,
                example: null,
                message: '1 value kept as text',
              },
            ],
          }),
        }),
      ],
    });
    const warning = within(await card('Product DB')).getByRole('alert');
    expect(warning).toHaveTextContent('Some values could not land as the source holds them');
    const [zeroDates, total] = within(warning).getAllByRole('listitem');
    expect(zeroDates).toHaveTextContent(
      'public.orders.shipped_at: 3 zero dates landed empty (e.g. 0000-00-00)',
    );
    expect(total).toHaveTextContent('public.orders.total: 1 value kept as text');
    expect(total).not.toHaveTextContent('e.g.');
  });

  it('shows how each column landed behind "Columns", collapsed at first', async () => {
    const columns = [
      { name: 'Order ID', warehouseName: 'order_id', sourceType: 'bigint', landedAs: 'bigint' },
      {
        name: 'Total',
        warehouseName: 'total',
        sourceType: 'money',
        landedAs: 'decimal(38,10)',
        note: 'money: landed as a decimal, the currency symbol dropped',
      },
    ];
    renderConnections({
      [SOURCES]: [makeSource({ lastSync: makeSync({ tables: [makeSyncTable({ columns })] }) })],
    });
    const product = await card('Product DB');
    const toggle = within(product).getByRole('button', { name: 'Columns' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(product).queryByText(/currency symbol dropped/)).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const orders = within(product).getByRole('region', { name: 'Columns of public.orders' });
    const total = within(orders).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Total',
      'money',
      'decimal (38, 10)',
      'money: landed as a decimal, the currency symbol dropped',
    ]);
    expect(within(orders).getByRole('row', { name: /^Order ID/ })).toHaveTextContent(
      'whole number',
    );
  });

  it('offers no "Columns" for a run from before columns were reported', async () => {
    renderConnections({
      [SOURCES]: [makeSource({ lastSync: makeSync({ tables: [makeSyncTable()] }) })],
    });
    expect(within(await card('Product DB')).queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('counts the rows in the warehouse, not the last run’s', async () => {
    renderConnections({
      [SOURCES]: [
        // An incremental run that found nothing new wrote no rows; the warehouse holds 5,400.
        makeSource({ lastSync: makeSync({ rowsRead: 0, rowsWritten: 0 }), rowsInWarehouse: 5400 }),
        makeSource({ id: 'src-2', name: 'New DB', lastSync: null, rowsInWarehouse: null }),
      ],
    });
    expect(await card('Product DB')).toHaveTextContent(/Rows\s*5,400/);
    expect(await card('New DB')).toHaveTextContent(/Rows\s*—/);
  });

  it('says what to do when there is no source yet', async () => {
    renderConnections({ [SOURCES]: [] });
    const empty = await within(await dataSources()).findByRole('region', {
      name: 'No data sources yet',
    });
    await userEvent.click(within(empty).getByRole('button', { name: 'Add data source' }));
    expect(await screen.findByRole('dialog', { name: 'Add data source' })).toBeInTheDocument();
  });

  it('shows a loader while the list loads', async () => {
    renderConnections({ [SOURCES]: pending });
    expect(await within(await dataSources()).findByRole('status')).toHaveTextContent(
      'Loading data sources',
    );
  });

  it('shows a failed list in place; "Try again" asks again', async () => {
    let fail = true;
    renderConnections({
      [SOURCES]: () =>
        fail
          ? jsonResponse(503, { error: 'unavailable', message: 'The composer is restarting' })
          : jsonResponse(200, { data: [makeSource()] }),
    });
    const failure = await within(await dataSources()).findByRole('alert');
    expect(failure).toHaveTextContent('The data sources could not be loaded');
    expect(failure).toHaveTextContent('The composer is restarting');
    fail = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await card('Product DB')).toBeVisible();
  });

  it('starts a sync from the card; the card follows the run', async () => {
    let sync = makeSync();
    const { requests } = renderConnections({
      [SOURCES]: () => jsonResponse(200, { data: [makeSource({ lastSync: sync })] }),
      'POST /composer/api/v1/sources/src-1/syncs': () => {
        sync = makeSync({ id: 'sync-2', status: 'running', rowsRead: 40, rowsWritten: 0 });
        return jsonResponse(202, { data: { id: 'sync-2' } });
      },
    });
    await userEvent.click(
      within(await card('Product DB')).getByRole('button', { name: 'Sync now' }),
    );
    expect(await within(await card('Product DB')).findByText('Syncing')).toBeVisible();
    expect(
      within(await card('Product DB')).getByRole('button', { name: /Sync now/ }),
    ).toBeDisabled();
    expect(describeRequests(requests)).toContain('POST /composer/api/v1/sources/src-1/syncs');
  });

  it('cancels a running sync from the card; the card says so', async () => {
    let sync = makeSync({ id: 'sync-2', status: 'running', rowsRead: 40, rowsWritten: 0 });
    const { requests } = renderConnections({
      [SOURCES]: () => jsonResponse(200, { data: [makeSource({ lastSync: sync })] }),
      'DELETE /composer/api/v1/syncs/sync-2': () => {
        sync = { ...sync, status: 'cancelled' };
        return jsonResponse(200, { data: sync });
      },
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Cancel' }));
    expect(await within(await card('Product DB')).findByText('Cancelled')).toBeVisible();
    // A finished run has nothing to cancel; it can be synced again.
    expect(within(await card('Product DB')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(
      within(await card('Product DB')).getByRole('button', { name: 'Sync now' }),
    ).toBeEnabled();
    expect(describeRequests(requests)).toContain('DELETE /composer/api/v1/syncs/sync-2');
  });

  it('offers no Cancel when no sync is under way', async () => {
    renderConnections({ [SOURCES]: [makeSource()] });
    expect(
      within(await card('Product DB')).getByRole('button', { name: 'Sync now' }),
    ).toBeEnabled();
    expect(within(await card('Product DB')).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('lists what uses the source before confirming, and disables Delete', async () => {
    const { requests } = renderConnections({
      [SOURCES]: [makeSource()],
      [DEPENDENTS]: [
        { kind: 'mapping', id: 'v3', name: 'Published mapping (version 3): accounts' },
        { kind: 'cohort', id: 'c-1', name: 'Pro' },
        { kind: 'alert', id: 'a-1', name: 'New pro' },
      ],
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product DB?' });
    const usedBy = await within(dialog).findByRole('list', { name: 'Used by' });
    expect(
      within(usedBy)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['mapping Published mapping (version 3): accounts', 'cohort Pro', 'alert New pro']);
    expect(dialog).toHaveTextContent('Change or delete them first.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(requestsTo(requests, 'DELETE', '/composer/api/v1/sources/src-1')).toEqual([]);
  });

  it('checks what uses the source first; when nothing does, Delete deletes', async () => {
    let answerDependents: (response: Response) => void = () => undefined;
    let sources = [makeSource()];
    const { requests } = renderConnections({
      [SOURCES]: () => jsonResponse(200, { data: sources }),
      [DEPENDENTS]: () => new Promise<Response>((resolve) => (answerDependents = resolve)),
      'DELETE /composer/api/v1/sources/src-1': () => {
        sources = [];
        return jsonResponse(204);
      },
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product DB?' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Checking what uses the source',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    answerDependents(jsonResponse(200, { data: [] }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );
    expect(within(dialog).queryByRole('list', { name: 'Used by' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('region', { name: 'No data sources yet' })).toBeVisible();
    expect(requestsTo(requests, 'DELETE', '/composer/api/v1/sources/src-1')).toHaveLength(1);
  });

  it('asks before deleting; a 409 names what depends on the source', async () => {
    renderConnections({
      [SOURCES]: [makeSource()],
      // Nothing used it when the dialog opened; something did by the time Delete was clicked.
      [DEPENDENTS]: [],
      'DELETE /composer/api/v1/sources/src-1': () =>
        jsonResponse(409, {
          error: 'conflict',
          message: 'The source is used by 1 mapping',
          errors: [{ path: 'mapping:m-1', message: 'Accounts from Product DB' }],
        }),
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product DB?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('The source is used by 1 mapping');
    expect(within(refusal).getByRole('list', { name: 'Used by' })).toHaveTextContent(
      'mapping Accounts from Product DB',
    );
  });

  it('deletes after confirming; the card goes', async () => {
    let sources = [makeSource()];
    renderConnections({
      [SOURCES]: () => jsonResponse(200, { data: sources }),
      [DEPENDENTS]: [],
      'DELETE /composer/api/v1/sources/src-1': () => {
        sources = [];
        return jsonResponse(204);
      },
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product DB?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('region', { name: 'No data sources yet' })).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('edits name and schedule; a secret left blank is not sent', async () => {
    const { requests } = renderConnections({
      [SOURCES]: [makeSource()],
      'PATCH /composer/api/v1/sources/src-1': makeSource({ name: 'Warehouse DB' }),
    });
    await userEvent.click(within(await card('Product DB')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product DB' });
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute(
      'placeholder',
      'Set — leave blank to keep it',
    );
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Warehouse DB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({
      name: 'Warehouse DB',
      schedule: 'manual',
      config: { host: 'db.acme.test', database: 'app', user: 'reader', tlsMode: 'prefer' },
    });
  });

  // Whole-app renders with the table picker and antd Selects: generous on a loaded machine.
  describe('edit dialog', { timeout: 120_000 }, () => {
    it('changes the tables and their options: cursor, primary key, left-out columns', async () => {
      const { requests } = renderConnections({
        [SOURCES]: [makeSource({ selectedTables: [{ name: 'public.accounts' }] })],
        'GET /composer/api/v1/sources/src-1/tables': discoveredTables,
        'PATCH /composer/api/v1/sources/src-1': makeSource(),
      });
      const dialog = await openEdit('Product DB');
      const events = await tableRow(dialog, 'public.events');
      // Options belong to a chosen table.
      expect(within(events).queryByRole('button', { name: /Options/ })).toBeNull();
      await userEvent.click(within(events).getByRole('checkbox'));
      await userEvent.click(
        within(events).getByRole('button', { name: 'Options for public.events' }),
      );
      const options = within(dialog).getByRole('region', { name: 'Options for public.events' });

      // A cursor follows a value that only grows: the text column is not offered.
      await userEvent.click(within(options).getByRole('combobox', { name: 'Cursor column' }));
      expect(visibleOptions()).toEqual(['idbigint', 'occurred_attimestamptz']);
      await pickOpenOption('occurred_at');
      await pickOptionWithin(options, 'Primary key', 'id');
      await pickOptionWithin(options, 'Leave out columns', 'name');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const [patch] = requestsTo(requests, 'PATCH', '/composer/api/v1/sources/src-1');
      expect(patch?.body).toMatchObject({
        selectedTables: [
          { name: 'public.accounts' },
          {
            name: 'public.events',
            cursorColumn: 'occurred_at',
            primaryKey: 'id',
            excludeColumns: ['name'],
          },
        ],
      });
    });

    it('offers no table options for a source that loads every column', async () => {
      const tabs = [
        { name: 'Signups', columns: [{ name: 'email', type: 'VARCHAR' }], rowEstimate: 10 },
        { name: 'Trials', columns: [{ name: 'email', type: 'VARCHAR' }], rowEstimate: 4 },
      ];
      const { requests } = renderConnections({
        [SOURCES]: [
          makeSource({
            type: 'google_sheets',
            name: 'Sheet',
            config: { spreadsheetId: 'sheet-id-1234567' },
            secretsSet: [],
            selectedTables: [{ name: 'Signups' }],
          }),
        ],
        'GET /composer/api/v1/sources/src-1/tables': tabs,
        'PATCH /composer/api/v1/sources/src-1': makeSource(),
      });
      const dialog = await openEdit('Sheet');
      const trials = await tableRow(dialog, 'Trials');
      await userEvent.click(within(trials).getByRole('checkbox'));
      expect(within(dialog).queryByRole('button', { name: /Options/ })).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const [patch] = requestsTo(requests, 'PATCH', '/composer/api/v1/sources/src-1');
      expect(patch?.body).toMatchObject({
        selectedTables: [{ name: 'Signups' }, { name: 'Trials' }],
      });
    });

    it('tests the saved connection once at a time and shows the server’s answer', async () => {
      let answer: (response: Response) => void = () => undefined;
      const { requests } = renderConnections({
        [SOURCES]: [makeSource()],
        'GET /composer/api/v1/sources/src-1/tables': discoveredTables,
        'POST /composer/api/v1/sources/src-1/test': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      });
      const dialog = await openEdit('Product DB');
      const test = within(dialog).getByRole('button', { name: 'Test connection' });
      await userEvent.click(test);
      await waitFor(() => expect(test).toBeDisabled());
      answer(
        jsonResponse(200, {
          data: { ok: false, message: 'Authentication failed for user "reader".' },
        }),
      );
      const result = await within(dialog).findByRole('alert');
      expect(result).toHaveTextContent('Connection failed');
      expect(result).toHaveTextContent('Authentication failed for user "reader".');
      expect(test).toBeEnabled();
      const [saved] = requestsTo(requests, 'POST', '/composer/api/v1/sources/src-1/test');
      expect(saved?.body).toEqual({});

      // A host typed but not saved is what the next test tries (the password stays saved).
      const host = within(dialog).getByRole('textbox', { name: /Host/ });
      await userEvent.clear(host);
      await userEvent.type(host, 'db2.example.com');
      await userEvent.click(test);
      // Answered once the request is in, so `answer` is this request's.
      await waitFor(() =>
        expect(requestsTo(requests, 'POST', '/composer/api/v1/sources/src-1/test')).toHaveLength(2),
      );
      answer(jsonResponse(200, { data: { ok: true, message: 'Connected.' } }));
      const [, changed] = requestsTo(requests, 'POST', '/composer/api/v1/sources/src-1/test');
      expect(changed?.body).toMatchObject({ config: { host: 'db2.example.com' } });
      expect(await within(dialog).findByText('Connected.')).toBeInTheDocument();
    });

    it('shows the message of a refused save in the dialog', async () => {
      renderConnections({
        [SOURCES]: [makeSource()],
        'GET /composer/api/v1/sources/src-1/tables': discoveredTables,
        'PATCH /composer/api/v1/sources/src-1': () =>
          jsonResponse(400, {
            error: 'bad_request',
            message: 'No column "occurred_at" in public.accounts',
            errors: [
              {
                path: 'selectedTables[0].cursorColumn',
                message: 'No column "occurred_at" in public.accounts',
              },
            ],
          }),
      });
      const dialog = await openEdit('Product DB');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'No column "occurred_at" in public.accounts',
      );
      expect(dialog).toBeInTheDocument();
    });
  });
});

// Whole-app renders hovered button by button: generous on a loaded machine.
describe('connections page for a member', { timeout: 120_000 }, () => {
  /** A member's page with a synced source and one syncing. */
  const renderForMember = () =>
    renderConnections({
      [ME]: withRole('member'),
      [SOURCES]: [
        makeSource(),
        makeSource({
          id: 'src-2',
          name: 'Signups',
          lastSync: makeSync({ id: 'sync-2', status: 'running', rowsRead: 40, rowsWritten: 0 }),
        }),
      ],
    });

  // One button a test: each hover waits for its tooltip to fade in, which five in a row on a
  // loaded 2-core machine took longer than a test may.
  it.each([
    ['Add data source', null, 'Only admins can add data sources'],
    ['Sync now', 'Product DB', 'Only admins can sync sources'],
    ['Edit', 'Product DB', 'Only admins can change sources'],
    ['Delete', 'Product DB', 'Only admins can delete sources'],
    ['Cancel', 'Signups', 'Only admins can cancel syncs'],
  ] as const)('disables "%s" for a member (card %s) and says: %s', async (action, name, reason) => {
    const { requests } = renderForMember();
    const product = await card('Product DB');
    const scope = name ? within(await card(name)) : screen;
    await expectAdminOnly(
      scope.getByRole('button', { name: name ? action : new RegExp(action) }),
      reason,
    );
    // Reading stays open: the mapping is shown to a member (connections-mapping.test.tsx).
    expect(
      within(product).getByRole('button', { name: 'Map to accounts and contacts' }),
    ).toBeEnabled();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('disables "Add data source" where there is no source yet', async () => {
    renderConnections({ [ME]: withRole('member'), [SOURCES]: [] });
    const empty = await within(await dataSources()).findByRole('region', {
      name: 'No data sources yet',
    });
    await expectAdminOnly(
      within(empty).getByRole('button', { name: 'Add data source' }),
      'Only admins can add data sources',
    );
  });

  it('keeps a disabled button in the Tab order and tells why on focus', async () => {
    renderConnections({ [ME]: withRole('member'), [SOURCES]: [makeSource()] });
    const syncNow = within(await card('Product DB')).getByRole('button', { name: 'Sync now' });
    // The button itself cannot take focus: what holds it does.
    const holder = syncNow.parentElement;
    for (let step = 0; step < 60 && document.activeElement !== holder; step += 1)
      await userEvent.tab();
    expect(holder).toHaveFocus();
    await expectTooltip('Only admins can sync sources');
  });
});
