import type { CreateSourceBody } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountsPreview,
  discoveredTables,
  makeSource,
  makeSync,
} from '@/features/connections/testing/source-fixtures';
import { describeRequests, stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { withRole } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';
import { testConfig } from '@/testing/test-config';

const API = '/composer/api/v1';

/** An admin with no source yet: adding a source is an admin's change. */
const ADMIN_WITHOUT_SOURCES: ApiRoutes = {
  'GET /user/api/v1/users/me': withRole('admin'),
  [`GET ${API}/sources`]: [],
};

async function openWizard(routes: ApiRoutes, type: RegExp) {
  const stub = stubApi({ ...ADMIN_WITHOUT_SOURCES, ...routes });
  storeImpersonation();
  renderApp('/app/connections');
  await userEvent.click((await screen.findAllByRole('button', { name: /Add data source/ }))[0]!);
  const wizard = await screen.findByRole('dialog', { name: 'Add data source' });
  await userEvent.click(within(wizard).getByRole('button', { name: type }));
  return { ...stub, wizard };
}

/** The error antd shows under a field, which names the control (aria-describedby). */
const fieldError = (wizard: HTMLElement, label: string) =>
  within(wizard).getByLabelText(label).closest('.ant-form-item');

/** Pasting, not typing key by key: antd re-renders per key, slow on a loaded machine. */
async function fill(wizard: HTMLElement, label: string, text: string) {
  await userEvent.click(within(wizard).getByLabelText(label));
  await userEvent.paste(text);
}

// Whole-app renders with a multi-step antd form: generous on a loaded machine.
describe('add data source wizard', { timeout: 120_000 }, () => {
  it('checks the form with the contract: errors sit next to their fields, nothing is sent', async () => {
    const { wizard, requests } = await openWizard({}, /PostgreSQL/);
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fieldError(wizard, 'Host')).toHaveTextContent('Required'));
    expect(fieldError(wizard, 'Name')).toHaveTextContent('A source needs a name');
    expect(fieldError(wizard, 'Database')).toHaveTextContent('Required');
    expect(describeRequests(requests)).not.toContain(`POST ${API}/sources`);
  });

  it('puts the server’s 400 next to the field it names', async () => {
    const { wizard } = await openWizard(
      {
        [`POST ${API}/sources`]: () =>
          jsonResponse(400, {
            error: 'bad_request',
            message: 'Invalid request',
            errors: [{ path: 'body.config.host', message: 'A host name or an IP address' }],
          }),
      },
      /MySQL/,
    );
    await fill(wizard, 'Name', 'Shop');
    await fill(wizard, 'Host', 'db');
    await fill(wizard, 'Database', 'shop');
    await fill(wizard, 'User', 'reader');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fieldError(wizard, 'Host')).toHaveTextContent('A host name or an IP address'),
    );
  });

  it('walks a PostgreSQL source through test, tables with preview, and the first sync', async () => {
    let polls = 0;
    const { wizard, requests } = await openWizard(
      {
        [`POST ${API}/sources/test`]: { ok: false, message: 'Authentication failed for reader.' },
        [`POST ${API}/sources`]: () => jsonResponse(201, { data: makeSource() }),
        [`GET ${API}/sources/src-1/tables`]: discoveredTables,
        [`GET ${API}/sources/src-1/tables/public.accounts/preview`]: accountsPreview,
        [`PATCH ${API}/sources/src-1`]: makeSource(),
        [`POST ${API}/sources/src-1/syncs`]: () => jsonResponse(202, { data: { id: 'sync-9' } }),
        [`GET ${API}/syncs/sync-9`]: () => {
          polls += 1;
          const tables = discoveredTables.map((table) => ({
            name: table.name,
            warehouseTable: `src_${table.name}`,
            rows: table.rowEstimate ?? 0,
            incremental: false,
            addedColumns: [],
            droppedColumns: [],
            changedColumns: [],
          }));
          return jsonResponse(200, {
            data:
              polls === 1
                ? makeSync({ id: 'sync-9', status: 'running', rowsRead: 250, rowsWritten: 0 })
                : makeSync({
                    id: 'sync-9',
                    rowsRead: 1000,
                    rowsWritten: 1000,
                    tables,
                    warnings: [
                      {
                        table: 'public.events',
                        column: 'occurred_at',
                        count: 2,
                        example: '0000-00-00 00:00:00',
                        message: '2 zero dates landed empty',
                      },
                    ],
                  }),
          });
        },
      },
      /PostgreSQL/,
    );
    await fill(wizard, 'Name', 'Product DB');
    await fill(wizard, 'Host', 'db.acme.test');
    await fill(wizard, 'Database', 'app');
    await fill(wizard, 'User', 'reader');
    await fill(wizard, 'Password', 'hunter2');

    await userEvent.click(within(wizard).getByRole('button', { name: 'Test connection' }));
    const result = await within(wizard).findByRole('alert');
    expect(result).toHaveTextContent('Connection failed');
    expect(result).toHaveTextContent('Authentication failed for reader.');

    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    const body: CreateSourceBody = {
      type: 'postgres',
      name: 'Product DB',
      config: {
        host: 'db.acme.test',
        database: 'app',
        user: 'reader',
        password: 'hunter2',
        tlsMode: 'prefer',
      },
    };
    await waitFor(() =>
      expect(requests.find((r) => r.url.endsWith('/sources') && r.method === 'POST')?.body).toEqual(
        body,
      ),
    );

    // Tables: estimates, and a preview of the first one's rows.
    expect(await within(wizard).findByText('≈ 700')).toBeVisible();
    const preview = await within(wizard).findByRole('region', {
      name: 'Preview of public.accounts',
    });
    expect(await within(preview).findByText('Globex')).toBeVisible();
    const start = within(wizard).getByRole('button', { name: 'Start sync' });
    expect(start).toBeDisabled();
    for (const checkbox of within(wizard).getAllByRole('checkbox').slice(1))
      await userEvent.click(checkbox);
    expect(within(wizard).getByText('2 selected')).toBeVisible();
    await userEvent.click(start);

    const progress = await within(wizard).findByRole('region', { name: 'Sync progress' });
    expect(await within(progress).findByText('Syncing · 250 rows so far')).toBeVisible();
    expect(
      await within(wizard).findByText(
        'Loaded 1,000 rows into your warehouse',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // A run that succeeded may still have values it could not land as the source holds them.
    expect(within(wizard).getByRole('alert')).toHaveTextContent(
      'public.events.occurred_at: 2 zero dates landed empty (e.g. 0000-00-00 00:00:00)',
    );
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      selectedTables: [{ name: 'public.accounts' }, { name: 'public.events' }],
    });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(wizard).not.toBeInTheDocument());
  }, 120_000);

  it('shows the service account to share a sheet with; copying confirms "Copied"', async () => {
    const user = userEvent.setup();
    stubApi(ADMIN_WITHOUT_SOURCES);
    storeImpersonation();
    renderApp('/app/connections');
    await user.click((await screen.findAllByRole('button', { name: /Add data source/ }))[0]!);
    const wizard = await screen.findByRole('dialog', { name: 'Add data source' });
    await user.click(within(wizard).getByRole('button', { name: /Google Sheets/ }));
    expect(within(wizard).getByText(testConfig.googleServiceAccountEmail)).toBeVisible();
    await user.click(within(wizard).getByRole('button', { name: 'Copy address' }));
    expect(await within(wizard).findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(testConfig.googleServiceAccountEmail);
  });

  it('asks Redash for its URL and API key', async () => {
    const { wizard } = await openWizard({}, /Redash/);
    expect(within(wizard).getByLabelText('Redash URL')).toBeVisible();
    expect(within(wizard).getByLabelText('API key')).toBeVisible();
  });

  it('refuses a dropped file that is not a CSV', async () => {
    const { wizard } = await openWizard({}, /CSV file/);
    const input = within(wizard).getByLabelText('CSV file');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(await within(wizard).findByRole('alert')).toHaveTextContent(
      'report.pdf is not a CSV file.',
    );
  });
});
