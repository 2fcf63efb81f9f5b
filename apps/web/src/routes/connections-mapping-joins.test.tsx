import type {
  DiscoveredTable,
  MappingBody,
  MappingJoin,
  MappingJoinPreview,
  TablePreview,
} from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountsRows,
  accountsSource,
  accountsTables,
  emptyMapping,
  makeMappingRun,
  mappingPreview,
  pickedMapping,
  usersRows,
  usersSource,
  usersTables,
} from '@/features/connections/testing/mapping-fixtures';
import { makeSource, makeSync } from '@/features/connections/testing/source-fixtures';
import { pickOpenOption } from '@/testing/antd-select';
import { type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';
import { withRole } from '@/testing/profile-fixture';

const API = '/composer/api/v1';

const salesforceSource = makeSource({
  id: 'src-sf',
  type: 'salesforce',
  name: 'Salesforce',
  config: {},
  secretsSet: [],
  lastSync: makeSync({ sourceId: 'src-sf' }),
});
const salesforceTables: DiscoveredTable[] = [
  {
    name: 'Account',
    columns: [
      { name: 'Id', type: 'VARCHAR' },
      { name: 'Name', type: 'VARCHAR' },
      { name: 'Website', type: 'VARCHAR' },
      { name: 'Industry', type: 'VARCHAR' },
      { name: 'AnnualRevenue', type: 'DOUBLE' },
    ],
    rowEstimate: 2185,
  },
];
const salesforceRows: TablePreview = {
  columns: salesforceTables[0]!.columns,
  rows: [
    {
      Id: '001A',
      Name: 'Acme',
      Website: 'https://www.acme.com',
      Industry: 'Retail',
      AnnualRevenue: 5e6,
    },
  ],
};

const accountJoin: MappingJoinPreview = {
  sourceId: 'src-sf',
  table: 'Account',
  sourceLabel: 'Salesforce',
  matchKind: 'domain',
  primaryTotal: 2000,
  joinedTotal: 2185,
  matched: 1874,
  primaryOnly: 126,
  joinedOnly: 311,
  ambiguous: 2,
  ambiguousRule: '2 domains have several Salesforce accounts: the most recently modified wins.',
  summary:
    '1,874 of 2,000 product accounts matched a Salesforce account by domain; 126 product only; 311 CRM only',
  primaryOnlySample: [{ id: 'a7', name: 'Initech', domain: 'initech.io' }],
  joinedOnlySample: [{ id: '001Z', name: 'Umbrella Corp', domain: 'umbrella.com' }],
  ambiguousSample: [{ domain: 'globex.io', id: '001G', name: 'Globex EMEA' }],
};

/** A saved join to Salesforce's Account by domain, Industry kept, AnnualRevenue as `arr`. */
const savedJoin: MappingJoin = {
  sourceId: 'src-sf',
  table: 'Account',
  match: { kind: 'domain', column: 'Website' },
  attributes: ['Industry', { column: 'AnnualRevenue', name: 'arr' }],
};

const ROUTES: ApiRoutes = {
  'GET /user/api/v1/users/me': withRole('admin'),
  [`GET ${API}/sources`]: [accountsSource, usersSource, salesforceSource],
  [`GET ${API}/sources/src-a/tables`]: accountsTables,
  [`GET ${API}/sources/src-a/tables/accounts.csv/preview`]: accountsRows,
  [`GET ${API}/sources/src-u/tables`]: usersTables,
  [`GET ${API}/sources/src-u/tables/users.csv/preview`]: usersRows,
  [`GET ${API}/sources/src-sf/tables`]: salesforceTables,
  [`GET ${API}/sources/src-sf/tables/Account/preview`]: salesforceRows,
  // The server's preview: one join preview per joined accounts table.
  [`POST ${API}/mapping/preview`]: (request: RecordedRequest) => {
    const body = request.body as MappingBody;
    const joins = (body.accounts.joins ?? []).map(() => accountJoin);
    return jsonResponse(200, {
      data: { ...mappingPreview, accounts: { ...mappingPreview.accounts, joins } },
    });
  },
};

async function openEditor(routes: ApiRoutes) {
  const stub = openApp('/app/connections', { ...ROUTES, ...routes });
  const card = await screen.findByRole('listitem', { name: 'accounts.csv' });
  await userEvent.click(within(card).getByRole('button', { name: 'Map to accounts and contacts' }));
  const editor = await screen.findByRole('dialog', { name: 'Map to accounts and contacts' });
  return {
    ...stub,
    editor,
    joined: await within(editor).findByLabelText('Accounts: joined tables'),
  };
}

/** Opens a select by its label inside `scope` and picks the option starting with `text`. */
async function pick(scope: HTMLElement, label: string, text: string) {
  await userEvent.click(within(scope).getByLabelText(label));
  await pickOpenOption(text);
}

/** The values a field's select shows picked. */
const picksOf = (scope: HTMLElement, label: string) =>
  [
    ...(within(scope)
      .getByLabelText(label)
      .closest('.ant-form-item')
      ?.querySelectorAll('.ant-form-item-control [title]') ?? []),
  ].map((node) => node.getAttribute('title'));

const lastPreviewBody = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.endsWith('/mapping/preview')).at(-1)?.body;

// Whole-app renders with antd Selects: generous on a loaded machine.
describe('mapping editor: joined tables', { timeout: 120_000 }, () => {
  it('joins a table by domain with a renamed attribute and a winner, and removing it restores the body', async () => {
    const { editor, joined, requests } = await openEditor({
      [`GET ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
      [`PUT ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
      [`POST ${API}/mapping/publish`]: () => jsonResponse(202, { data: { id: 'run-1' } }),
      [`GET ${API}/mapping/runs/run-1`]: makeMappingRun({ status: 'succeeded', rowsWritten: 10 }),
    });
    await waitFor(() => expect(lastPreviewBody(requests)).toEqual(pickedMapping));

    await userEvent.click(within(joined).getByRole('button', { name: 'Add a joined table' }));
    const card = within(joined).getByLabelText('Joined table 1');
    // Accounts match by domain unless told otherwise.
    expect(picksOf(card, 'Match by')).toEqual(['Domain']);
    await pick(card, 'Source', 'Salesforce');
    await pick(card, 'Table', 'Account');
    await pick(card, 'Match column', 'Website');
    await userEvent.click(within(card).getByLabelText('Attributes'));
    await pickOpenOption('Industry');
    await pickOpenOption('AnnualRevenue');

    // Each attribute shows the segment column it becomes; one is renamed to the primary's `plan`.
    expect(within(card).getByLabelText('Segment column for Industry')).toHaveValue(
      'salesforce_industry',
    );
    const revenue = within(card).getByLabelText('Segment column for AnnualRevenue');
    expect(revenue).toHaveValue('salesforce_annual_revenue');
    await userEvent.clear(revenue);
    await userEvent.type(revenue, 'plan');

    // Two sources give `plan`: the primary wins unless Salesforce is picked.
    const winner = await within(joined).findByLabelText('Which wins for plan');
    expect(winner.closest('.ant-select')).toHaveTextContent('accounts.csv (default)');
    await pick(joined, 'Which wins for plan', 'Salesforce');

    const joinedBody: MappingBody = {
      ...pickedMapping,
      accounts: {
        ...pickedMapping.accounts,
        joins: [
          {
            sourceId: 'src-sf',
            table: 'Account',
            match: { kind: 'domain', column: 'Website' },
            attributes: ['Industry', { column: 'AnnualRevenue', name: 'plan' }],
          },
        ],
        precedence: { plan: ['src-sf', 'src-a'] },
      },
    };
    await waitFor(() => expect(lastPreviewBody(requests)).toEqual(joinedBody));

    await userEvent.click(within(editor).getByRole('button', { name: 'Publish' }));
    expect(await within(editor).findByText(/^Published: 10 rows/)).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([joinedBody]);

    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(within(joined).queryByLabelText('Joined table 1')).toBeNull();
    expect(within(joined).queryByLabelText('Which wins for plan')).toBeNull();
    await waitFor(() => expect(lastPreviewBody(requests)).toEqual(pickedMapping));
  });

  it('matches users by email, or by a column pair that needs the primary column', async () => {
    const { editor, requests } = await openEditor({
      [`GET ${API}/mapping`]: { ...emptyMapping, draft: pickedMapping },
    });
    const joined = within(editor).getByLabelText('Users (contacts): joined tables');
    await userEvent.click(within(joined).getByRole('button', { name: 'Add a joined table' }));
    const card = within(joined).getByLabelText('Joined table 1');
    expect(picksOf(card, 'Match by')).toEqual(['Email']);
    await pick(card, 'Source', 'Salesforce');
    await pick(card, 'Table', 'Account');
    await pick(card, 'Match by', 'Column');
    await pick(card, 'Match column', 'Id');
    expect(
      await within(editor).findByText(
        'Pick a table and a match column for each joined table to see how it matches.',
      ),
    ).toBeVisible();
    await pick(card, 'Primary column', 'user_id');
    await waitFor(() =>
      expect(lastPreviewBody(requests)).toEqual({
        ...pickedMapping,
        users: {
          ...pickedMapping.users,
          joins: [
            {
              sourceId: 'src-sf',
              table: 'Account',
              match: { kind: 'column', column: 'Id', primaryColumn: 'user_id' },
              attributes: [],
            },
          ],
        },
      }),
    );
  });

  it('takes at most five joined tables and says so', async () => {
    const { joined } = await openEditor({
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: {
          ...pickedMapping,
          accounts: { ...pickedMapping.accounts, joins: [1, 2, 3, 4].map(() => savedJoin) },
        },
      },
    });
    const add = within(joined).getByRole('button', { name: 'Add a joined table' });
    expect(within(joined).getAllByRole('region', { name: /^Joined table \d$/ })).toHaveLength(4);
    await userEvent.click(add);
    expect(within(joined).getAllByRole('region', { name: /^Joined table \d$/ })).toHaveLength(5);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('At most 5 joined tables per entity.');

    await userEvent.click(
      within(within(joined).getByLabelText('Joined table 5')).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(add).toBeEnabled();
    expect(within(joined).queryByText('At most 5 joined tables per entity.')).toBeNull();
  });

  it('puts a refusal about a joined table next to its field', async () => {
    const { joined } = await openEditor({
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: { ...pickedMapping, accounts: { ...pickedMapping.accounts, joins: [savedJoin] } },
      },
      [`POST ${API}/mapping/preview`]: () =>
        jsonResponse(400, {
          error: 'bad_request',
          message: 'The mapping names columns that cannot be used',
          errors: [
            { path: 'accounts.joins.0.match.column', message: 'No column “Website” in Account' },
            { path: 'accounts.joins.0.attributes.1.name', message: 'Segments already have “arr”' },
          ],
        }),
    });
    const card = within(joined).getByLabelText('Joined table 1');
    await waitFor(() =>
      expect(
        within(card).getByLabelText('Match column').closest('.ant-form-item'),
      ).toHaveTextContent('No column “Website” in Account'),
    );
    expect(within(card).getByLabelText('Attributes').closest('.ant-form-item')).toHaveTextContent(
      'Segments already have “arr”',
    );
  });

  it('previews each join: its summary, the rule for ambiguous matches and examples', async () => {
    const { editor, joined } = await openEditor({
      [`GET ${API}/mapping`]: {
        ...emptyMapping,
        draft: { ...pickedMapping, accounts: { ...pickedMapping.accounts, joins: [savedJoin] } },
      },
    });
    // The saved rename is shown; the other attribute has its default name.
    const card = within(joined).getByLabelText('Joined table 1');
    expect(within(card).getByLabelText('Segment column for AnnualRevenue')).toHaveValue('arr');
    expect(within(card).getByLabelText('Segment column for Industry')).toHaveValue(
      'salesforce_industry',
    );

    const preview = within(editor).getByLabelText('Preview');
    const join = await within(preview).findByLabelText('Salesforce: Account');
    expect(within(join).getByText(accountJoin.summary)).toBeVisible();
    expect(within(join).getByText(accountJoin.ambiguousRule)).toBeVisible();

    const examples = [
      ['Unmatched accounts (126)', 'Initech'],
      ['Unmatched in Salesforce (311)', 'Umbrella Corp'],
      ['Ambiguous matches (2)', 'Globex EMEA'],
    ] as const;
    for (const [toggle, name] of examples) {
      const button = within(join).getByRole('button', { name: toggle });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(within(join).queryByText(name)).toBeNull();
      await userEvent.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(within(within(join).getByLabelText(toggle)).getByText(name)).toBeVisible();
    }
  });
});
