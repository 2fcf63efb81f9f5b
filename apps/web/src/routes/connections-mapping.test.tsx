import type { MappingBody } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountsRows,
  accountsSource,
  accountsTables,
  crmRows,
  crmSource,
  crmTables,
  emptyMapping,
  makeMappingRun,
  mappingPreview,
  pickedMapping,
  usersRows,
  usersSource,
  usersTables,
} from '@/features/connections/testing/mapping-fixtures';
import { PREVIEW_DELAY_MS } from '@/features/connections/components/mapping/mapping-form';
import { expectAdminOnly } from '@/testing/admin-only';
import { pickOpenOption, visibleOptions } from '@/testing/antd-select';
import { describeRequests, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';
import { withRole } from '@/testing/profile-fixture';

const API = '/composer/api/v1';
const ME = 'GET /user/api/v1/users/me';

const SOURCE_ROUTES: ApiRoutes = {
  [`GET ${API}/sources`]: [accountsSource, usersSource],
  [`GET ${API}/sources/src-a/tables`]: accountsTables,
  [`GET ${API}/sources/src-a/tables/accounts.csv/preview`]: accountsRows,
  [`GET ${API}/sources/src-u/tables`]: usersTables,
  [`GET ${API}/sources/src-u/tables/users.csv/preview`]: usersRows,
};

/** Opens the editor as an admin, unless `routes` answers `users/me` with another role. */
async function openEditor(routes: ApiRoutes) {
  const stub = openApp('/app/connections', {
    [ME]: withRole('admin'),
    ...SOURCE_ROUTES,
    ...routes,
  });
  const card = await screen.findByRole('listitem', { name: 'accounts.csv' });
  await userEvent.click(within(card).getByRole('button', { name: 'Map to accounts and contacts' }));
  const editor = await screen.findByRole('dialog', { name: 'Map to accounts and contacts' });
  return {
    ...stub,
    editor,
    accounts: await within(editor).findByLabelText('Accounts'),
    users: within(editor).getByLabelText('Users (contacts)'),
  };
}

/** The antd form item (label, control, error) of a field inside a section. */
const fieldOf = (section: HTMLElement, label: string) =>
  within(section).getByLabelText(label).closest('.ant-form-item');

/** The values a field's select shows picked (its label and help may name columns too). */
const picksOf = (section: HTMLElement, label: string) =>
  [...(fieldOf(section, label)?.querySelectorAll('.ant-form-item-control [title]') ?? [])].map(
    (node) => node.getAttribute('title'),
  );

/**
 * Opens a section's select by its label and picks the option whose text starts with `text`
 * (by label, not by role: role queries over a large antd tree are slow on a loaded machine).
 */
async function pick(section: HTMLElement, label: string, text: string) {
  await userEvent.click(within(section).getByLabelText(label));
  await pickOpenOption(text);
}

const { domain: _unpicked, ...accountColumns } = pickedMapping.accounts.columns;

/** The server's preview: a source or table it does not have is refused on that field. */
function previewAgainst(known: Record<string, string[]>) {
  return (request: RecordedRequest) => {
    const body = request.body as MappingBody;
    const errors = (['accounts', 'users'] as const).flatMap((entity) => {
      const tables = known[body[entity].sourceId];
      if (!tables) return [{ path: `${entity}.sourceId`, message: 'No such data source' }];
      if (!tables.includes(body[entity].table))
        return [{ path: `${entity}.table`, message: 'Not loaded from this source: sync it first' }];
      return [];
    });
    if (errors.length === 0) return jsonResponse(200, { data: mappingPreview });
    return jsonResponse(400, {
      error: 'bad_request',
      message: 'The mapping names columns that cannot be used',
      errors,
    });
  };
}

const KNOWN_TABLES = { 'src-a': ['accounts.csv'], 'src-u': ['users.csv'], 'src-c': ['crm.csv'] };
const CRM_ROUTES: ApiRoutes = {
  [`GET ${API}/sources`]: [accountsSource, usersSource, crmSource],
  [`GET ${API}/sources/src-c/tables`]: crmTables,
  [`GET ${API}/sources/src-c/tables/crm.csv/preview`]: crmRows,
  [`POST ${API}/mapping/preview`]: previewAgainst(KNOWN_TABLES),
};

const lastPreviewBody = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.endsWith('/mapping/preview')).at(-1)?.body;

// Whole-app renders with antd Selects: generous on a loaded machine.
describe('mapping editor', { timeout: 120_000 }, () => {
  it('picks a column by its type and samples, previews the matches, publishes with progress', async () => {
    let runPolls = 0;
    const { editor, accounts, requests } = await openEditor({
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: {
          ...pickedMapping,
          accounts: { ...pickedMapping.accounts, columns: accountColumns },
        },
      },
      [`POST ${API}/mapping/preview`]: mappingPreview,
      [`PUT ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
      [`POST ${API}/mapping/publish`]: () => jsonResponse(202, { data: { id: 'run-1' } }),
      [`GET ${API}/mapping/runs/run-1`]: () => {
        runPolls += 1;
        return jsonResponse(200, {
          data:
            runPolls === 1
              ? makeMappingRun({ status: 'running' })
              : makeMappingRun({ status: 'succeeded', rowsWritten: 2400 }),
        });
      },
    });
    // The draft's columns are shown; each option tells its type and a few values.
    expect(fieldOf(accounts, 'Account id')).toHaveTextContent('account_id');
    await userEvent.click(within(accounts).getByLabelText('Domain or website'));
    await waitFor(() =>
      expect(visibleOptions()).toContain('websiteVARCHARe.g. acme.com, globex.io'),
    );
    expect(visibleOptions()).toContain('seatsBIGINTe.g. 10, 5');
    await pick(accounts, 'Domain or website', 'website');

    const preview = within(editor).getByLabelText('Preview');
    await waitFor(() =>
      expect(requests.filter((r) => r.url.endsWith('/mapping/preview')).at(-1)?.body).toEqual(
        pickedMapping,
      ),
    );
    expect(
      await within(preview).findByText('1,874 of 2,000 users matched to an account, 94%'),
    ).toBeVisible();
    expect(within(preview).getByText('Users matched by their email domain')).toBeVisible();
    expect(within(preview).getByText('2 duplicate account ids (first row kept)')).toBeVisible();

    await userEvent.click(within(editor).getByRole('button', { name: 'Publish' }));
    expect(
      await within(editor).findByText('Published: 2,400 rows. Segments now show your data.'),
    ).toBeVisible();
    expect(within(editor).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual(pickedMapping);
    expect(describeRequests(requests)).toContain(`POST ${API}/mapping/publish`);
    // What segment pages read (the menu among it) is read again once the publish swapped in.
    const published = describeRequests(requests).indexOf(`POST ${API}/mapping/publish`);
    await waitFor(() =>
      expect(describeRequests(requests).slice(published)).toContain(
        'GET /live-ops/api/v1/segments/me',
      ),
    );
  });

  it('puts each refusal next to the field it names, from the preview and from publishing', async () => {
    const { editor, accounts, users, requests } = await openEditor({
      [`GET ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
      [`POST ${API}/mapping/preview`]: () =>
        jsonResponse(400, {
          error: 'bad_request',
          message: 'The mapping names columns that cannot be used',
          errors: [{ path: 'users.columns.email', message: 'No column “email” in users.csv' }],
        }),
      [`PUT ${API}/mapping`]: () =>
        jsonResponse(400, {
          error: 'bad_request',
          message: 'The mapping names columns that cannot be used',
          errors: [{ path: 'accounts.attributes[0]', message: 'Segments have no column “plan”' }],
        }),
    });
    await waitFor(() =>
      expect(fieldOf(users, 'Email')).toHaveTextContent('No column “email” in users.csv'),
    );
    expect(
      within(editor).getByText('Fix the fields marked above to see the preview.'),
    ).toBeVisible();

    await userEvent.click(within(editor).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(fieldOf(accounts, 'Attributes')).toHaveTextContent('Segments have no column “plan”'),
    );
    expect(describeRequests(requests)).not.toContain(`POST ${API}/mapping/publish`);

    // Another source without a table of that name empties the table: refused before any request.
    await pick(accounts, 'Source', 'users.csv');
    await userEvent.click(within(editor).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(fieldOf(accounts, 'Table')).toHaveTextContent('Required'));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});

describe('mapping editor pointed at another source', { timeout: 120_000 }, () => {
  it('keeps the picks the new table has, lists the dropped ones, and forgets the old refusal', async () => {
    const { editor, accounts, requests } = await openEditor({
      ...CRM_ROUTES,
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: {
          ...pickedMapping,
          accounts: {
            sourceId: 'src-gone',
            table: 'accounts.csv',
            columns: { id: 'account_id', name: 'company', domain: 'website' },
            attributes: ['plan', 'seats'],
          },
        },
      },
    });
    await waitFor(() =>
      expect(fieldOf(accounts, 'Source')).toHaveTextContent('No such data source'),
    );

    await pick(accounts, 'Source', 'crm.csv');
    await pick(accounts, 'Table', 'crm.csv');
    expect(await within(accounts).findByText('2 picks not in crm.csv were dropped')).toBeVisible();
    expect(
      within(accounts).getByText('Domain or website: website; Attributes: plan'),
    ).toBeVisible();
    expect(picksOf(accounts, 'Account id')).toEqual(['account_id']);
    expect(picksOf(accounts, 'Name')).toEqual(['company']);
    expect(picksOf(accounts, 'Domain or website')).toEqual([]);
    expect(picksOf(accounts, 'Attributes')).toEqual(['seats']);

    // The web asks the server again with the new picks: its answer replaces the refusal.
    await waitFor(() =>
      expect(lastPreviewBody(requests)).toEqual({
        ...pickedMapping,
        accounts: {
          sourceId: 'src-c',
          table: 'crm.csv',
          columns: { id: 'account_id', name: 'company' },
          attributes: ['seats'],
        },
      }),
    );
    const preview = within(editor).getByLabelText('Preview');
    expect(
      await within(preview).findByText('1,874 of 2,000 users matched to an account, 94%'),
    ).toBeVisible();
    await waitFor(() => expect(within(editor).queryByText('No such data source')).toBeNull());
  });

  it('keeps the table of the same name in the new source, and its refusal goes', async () => {
    const { editor, users, requests } = await openEditor({
      ...CRM_ROUTES,
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: { ...pickedMapping, users: { ...pickedMapping.users, sourceId: 'src-a' } },
      },
    });
    const loadedFirst = 'Not loaded from this source: sync it first';
    await waitFor(() => expect(fieldOf(users, 'Table')).toHaveTextContent(loadedFirst));

    await pick(users, 'Source', 'users.csv');
    await waitFor(() => expect(picksOf(users, 'Table')).toEqual(['users.csv']));
    expect(picksOf(users, 'Email')).toEqual(['email']);
    await waitFor(() => expect(fieldOf(users, 'Table')).not.toHaveTextContent(loadedFirst));
    await waitFor(() => expect(lastPreviewBody(requests)).toEqual(pickedMapping));
    expect(
      await within(editor).findByText('1,874 of 2,000 users matched to an account, 94%'),
    ).toBeVisible();
    expect(within(users).queryByText(/picks? not in/)).toBeNull();
  });
});

describe('mapping editor for a member', { timeout: 120_000 }, () => {
  it('shows the mapping to read: fields disabled, no preview, Publish disabled and says why', async () => {
    const { editor, accounts, requests } = await openEditor({
      [ME]: withRole('member'),
      [`GET ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
    });
    expect(
      within(editor).getByText('Only admins can change the mapping; you can read it.'),
    ).toBeVisible();
    await waitFor(() => expect(fieldOf(accounts, 'Account id')).toHaveTextContent('account_id'));
    for (const label of ['Source', 'Table', 'Account id'])
      expect(within(accounts).getByLabelText(label)).toBeDisabled();
    expect(within(editor).getByRole('switch', { name: 'Map events' })).toBeDisabled();
    for (const joined of ['Accounts: joined tables', 'Users (contacts): joined tables'])
      expect(
        within(within(editor).getByLabelText(joined)).getByRole('button', {
          name: 'Add a joined table',
        }),
      ).toBeDisabled();
    expect(within(editor).queryByLabelText('Preview')).toBeNull();
    await expectAdminOnly(
      within(editor).getByRole('button', { name: 'Publish' }),
      'Only admins can publish the mapping',
    );

    // The server refuses a member's preview (a POST): past the pause, none was asked for.
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_DELAY_MS * 2));
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
    // The footer's Close (the × is named Close too) is not disabled with the form.
    const close = within(editor).getByText('Close').closest('button')!;
    expect(close).toBeEnabled();
    await userEvent.click(close);
    await waitFor(() => expect(editor).not.toBeInTheDocument());
  });
});

describe('segment page while a publish runs', { timeout: 120_000 }, () => {
  it('shows a banner until the run ends', async () => {
    let reads = 0;
    openApp('/app/segments/seg-1', {
      [`GET ${API}/mapping`]: () => {
        reads += 1;
        const status = reads === 1 ? 'running' : 'succeeded';
        return jsonResponse(200, {
          data: { ...emptyMapping, latestRun: makeMappingRun({ status }) },
        });
      },
    });
    expect(await screen.findByText('Publishing your mapping')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Publishing your mapping')).toBeNull(), {
      timeout: 10_000,
    });
  });
});
